import { Accordion } from '~/components/content/blocks'
import { Icon } from '~/components/icons'
import { CheckList } from '~/components/landing/page-parts'
import { SectionHeading } from '~/components/section-heading'
import type { Locale } from '~/domain/locale'
import { localePath } from '~/utils/i18n'
import type { CourseCopy } from './course-copy.server'

/** The sections' own words per language (decision 175); the course's are in course-copy.server. */
export const SECTION_WORDS = {
	'en-US': {
		learn: 'What you will learn',
		curriculum: 'Curriculum',
		curriculumLead:
			'Six modules, each with short lessons and an exercise you finish in your own editor.',
		module: 'Module',
		audience: 'Who it is for',
		faq: 'Frequently asked questions',
		at: 'at',
		instructors: { one: 'Your instructor', other: 'Your instructors' },
		speakers: { one: 'Speaker', other: 'Speakers' },
		testimonials: 'What people say',
		placeholder: 'Placeholder',
		placeholderTestimonial: 'Placeholder testimonial',
	},
	'de-DE': {
		learn: 'Was Sie lernen',
		curriculum: 'Lehrplan',
		curriculumLead:
			'Sechs Module, jedes mit kurzen Lektionen und einer Übung, die Sie in Ihrem eigenen Editor abschließen.',
		module: 'Modul',
		audience: 'Für wen der Kurs ist',
		faq: 'Häufige Fragen',
		at: 'unter',
		instructors: { one: 'Ihr Kursleiter', other: 'Ihre Kursleiter' },
		speakers: { one: 'Sprecher', other: 'Sprecher' },
		testimonials: 'Was andere sagen',
		placeholder: 'Platzhalter',
		placeholderTestimonial: 'Platzhalter-Stimme',
	},
} satisfies Record<Locale, unknown>

/** Text from content/ and the database is English: marked so on a page in another language. */
export const contentLang = (locale: Locale) => (locale === 'en-US' ? undefined : 'en')

export function Outcomes({ outcomes, locale }: Pick<CourseCopy, 'outcomes'> & { locale: Locale }) {
	return (
		<section aria-labelledby="learn-heading" className="py-10">
			<SectionHeading id="learn-heading" title={SECTION_WORDS[locale].learn} />
			<ul className="grid gap-4 sm:grid-cols-2">
				{outcomes.map((outcome) => (
					<li
						key={outcome.title}
						className="rounded-2xl border border-slate-200 bg-white/70 p-5 dark:border-slate-800 dark:bg-slate-900/70"
					>
						<Icon name={outcome.icon} className="h-6 w-6 text-indigo-600 dark:text-indigo-400" />
						<h3 className="mt-3 font-semibold">{outcome.title}</h3>
						<p className="mt-1 text-slate-700 dark:text-slate-300">{outcome.text}</p>
					</li>
				))}
			</ul>
		</section>
	)
}

export function Curriculum({
	curriculum,
	sampleLesson,
	locale,
}: Pick<CourseCopy, 'curriculum' | 'sampleLesson'> & { locale: Locale }) {
	const words = SECTION_WORDS[locale]
	return (
		<section id="curriculum" aria-labelledby="curriculum-heading" className="scroll-mt-6 py-10">
			<SectionHeading
				id="curriculum-heading"
				title={words.curriculum}
				lead={words.curriculumLead}
			/>
			<ol className="space-y-3">
				{curriculum.map(([title, text], index) => (
					<li
						key={title}
						className="flex gap-4 rounded-2xl border border-slate-200 bg-white/70 p-4 dark:border-slate-800 dark:bg-slate-900/70"
					>
						<span
							aria-hidden="true"
							className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
						>
							{index + 1}
						</span>
						<div>
							<h3 className="font-semibold">
								<span className="sr-only">
									{words.module} {index + 1}:{' '}
								</span>
								{title}
							</h3>
							<p className="text-slate-700 dark:text-slate-300">{text}</p>
							{sampleLesson.module === title ? (
								<a
									href={localePath(sampleLesson.path, locale)}
									className="mt-1 inline-block font-medium text-indigo-700 underline underline-offset-4 dark:text-indigo-300"
								>
									{sampleLesson.label}
								</a>
							) : null}
						</div>
					</li>
				))}
			</ol>
		</section>
	)
}

export function Audience({ audience, locale }: Pick<CourseCopy, 'audience'> & { locale: Locale }) {
	return (
		<section aria-labelledby="audience-heading" className="py-10">
			<SectionHeading id="audience-heading" title={SECTION_WORDS[locale].audience} />
			<CheckList items={audience} />
		</section>
	)
}

export function Included({ included }: Pick<CourseCopy, 'included'>) {
	return <CheckList items={included} compact />
}

const WRITE_TO_US = 'Write to us'

/**
 * An answer as written, with the seller's contact address after its "Write to us" (content/site/
 * seller.yml, docs/decisions/152): an invitation to write needs somewhere to write to. The
 * answer's own text stays as it is, for GET /api/course.
 */
function Answer({ text, contact }: { text: string; contact: string | null }) {
	const at = contact ? text.indexOf(WRITE_TO_US) : -1
	if (!contact || at < 0) return <>{text}</>
	// The answers are English (the database's): so is the word before the address.
	return (
		<>
			{text.slice(0, at + WRITE_TO_US.length)} {SECTION_WORDS['en-US'].at}{' '}
			<a href={`mailto:${contact}`} className="underline">
				{contact}
			</a>
			{text.slice(at + WRITE_TO_US.length)}
		</>
	)
}

/** The course's questions and answers (GET /api/course → data.faq) in the content accordion. */
export function Faq({
	entries,
	contact = null,
	locale,
}: {
	entries: readonly { question: string; answer: string }[]
	contact?: string | null
	locale: Locale
}) {
	if (entries.length === 0) return null
	return (
		<section aria-labelledby="faq-heading" id="faq" className="py-10">
			<SectionHeading id="faq-heading" title={SECTION_WORDS[locale].faq} />
			{/* The questions are the owner's, in English for now. */}
			<div lang={contentLang(locale)}>
				{entries.map((entry) => (
					<Accordion key={entry.question} title={entry.question}>
						<p className="text-slate-700 dark:text-slate-300">
							<Answer text={entry.answer} contact={contact} />
						</p>
					</Accordion>
				))}
			</div>
		</section>
	)
}
