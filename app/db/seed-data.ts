/**
 * What a new database starts with: the course, the catalog and the regional pricing table.
 * The seed only inserts rows that are missing, so an operator's later edits survive restarts;
 * to change shipped rows, write a migration.
 */
import type { FaqEntry } from './schema.server'

export const COURSE_SLUG = 'ai-driven-dev'

export const course = {
	slug: COURSE_SLUG,
	name: 'AI Driven Dev',
	status: 'pre_order' as const,
	faq: [
		{
			question: 'Who is the course for?',
			answer:
				'Working developers who want to use AI assistants and agents in real projects: planning a feature, writing and reviewing code, testing, and shipping it. You should be comfortable with at least one programming language and with Git.',
		},
		{
			question: 'Which AI tools does it use?',
			answer:
				'The techniques work with any capable coding assistant. Lessons show current tools side by side, and each module explains the habits that still apply when the tools change.',
		},
		{
			question: 'When do I get access?',
			answer:
				'Before the course opens, a seat is a pre-order: you pay the launch price today, your seat is reserved, and your access comes by e-mail the day it opens. Once it is open, your access comes by e-mail within minutes of your payment.',
		},
		{
			question: 'How does regional pricing work?',
			answer:
				'Prices are adjusted to purchasing power: visitors from countries where the same money buys less see a discount of 25 to 60 percent, applied automatically from the country of their connection. You can switch back to the global price at any time.',
		},
		{
			question: 'Can I get a refund?',
			answer:
				'Yes. If the course is not for you, ask for a refund within 30 days of the course opening and you get your money back, no questions asked.',
		},
		{
			question: 'Do you offer team or company seats?',
			answer:
				'Yes: buy several seats in one checkout and we send an invoice your company can file. Write to us for ten or more seats.',
		},
	] satisfies FaqEntry[],
}

export type SeedCatalogItem = {
	code: string
	type: string
	name: string
	description: string
	courseSlug: string | null
	sortOrder: number
	/** The GLOBAL price in minor units; regional prices are derived from it. */
	basePriceMinor: number
	currency: string
}

export const catalog: SeedCatalogItem[] = [
	{
		code: 'ai-driven-dev-preorder',
		type: 'course',
		name: 'AI Driven Dev: pre-order seat',
		description: 'A seat in the course, every module as it is released, launch price.',
		courseSlug: COURSE_SLUG,
		sortOrder: 1,
		basePriceMinor: 24_900,
		currency: 'USD',
	},
	{
		code: 'ai-driven-development-day-pass',
		type: 'pass',
		name: 'AI Driven Development Day pass',
		description: 'A pass for the one-day event: talks, live sessions and the recordings.',
		courseSlug: null,
		sortOrder: 2,
		basePriceMinor: 9_900,
		currency: 'USD',
	},
]

/** Discount levels (docs/decisions/011-regional-pricing.md). Level 0 is the full price. */
export const pricingRegions = [
	{ name: 'GLOBAL', level: 0, discountPercent: 0 },
	{ name: 'TIER1', level: 1, discountPercent: 25 },
	{ name: 'TIER2', level: 2, discountPercent: 40 },
	{ name: 'TIER3', level: 3, discountPercent: 50 },
	{ name: 'TIER4', level: 4, discountPercent: 60 },
] as const

/**
 * Every ISO 3166-1 alpha-2 country by level, from the World Bank's price level ratio of the PPP
 * conversion factor to the market exchange rate (indicator PA.NUS.PPPC.RF, United States = 1).
 * Bands and the rule for territories without data: docs/decisions/011-regional-pricing.md.
 */
const countriesByLevel: Record<number, string> = {
	// ratio 0.75 and above; territories of high-price states; uninhabited territories
	0: 'AD AI AQ AS AT AU AW AX BB BE BL BM BQ BS BV CA CC CH CK CW CX DE DK FI FK FO FR GB GF GG GI GL GP GS GU HK HM IE IL IM IO IS JE KY LI LU MC MF MP MQ MS NC NF NL NO NU NZ PF PM PN PR RE SE SG SH SJ SM SX TC TF TK UM US VA VG VI WF YT',
	// 0.60 to 0.75
	1: 'AE AG CR CY DM EE ES FM GD IT JP KN KR LC MH MO MT NR PT PW QA SC SI TO TV UY VC VU WS',
	// 0.45 to 0.60
	2: 'BH BN BR BZ CL CN CV CZ DO EC FJ GR GT HN HR HU JM JO KI KW LT LV ME MV MX NA OM PA PG PL RS SA SB SK SV TT TW',
	// 0.35 to 0.45
	3: 'AL AM BA BG BO BW CG CI CM CO DJ EH GA GQ GY IQ KE LB LS MA MD MK MU MY PE PH PY RO RU SN SR ST SZ TH TL ZA',
	// below 0.35, and low-income states without a published ratio
	4: 'AF AO AR AZ BD BF BI BJ BT BY CD CF CU DZ EG ER ET GE GH GM GN GW HT ID IN IR KG KH KM KP KZ LA LK LR LY MG ML MM MN MR MW MZ NE NG NI NP PK PS RW SD SL SO SS SY TD TG TJ TM TN TR TZ UA UG UZ VE VN YE ZM ZW',
}

/** [country code, region name] for every country in the table. */
export function countryRegionRows(): { countryCode: string; region: string }[] {
	return pricingRegions.flatMap(({ name, level }) =>
		(countriesByLevel[level] ?? '')
			.split(' ')
			.filter(Boolean)
			.map((countryCode) => ({ countryCode, region: name })),
	)
}
