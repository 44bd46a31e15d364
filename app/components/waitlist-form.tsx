/**
 * A sold-out product's buy form becomes this one (docs/decisions/120): how many seats, an
 * e-mail address, "Join the waiting list". Without JavaScript the browser posts to /waitlist,
 * which answers 303 to /waitlist/joined, or its own page with the errors next to the fields;
 * with it, a fetcher posts the same form and shows errors in place, pending meanwhile.
 */
import { getFormProps } from '@conform-to/react'
import { useFetcher } from '@remix-run/react'
import { SubmitButton } from '~/components/button'
import { Field, FormErrors } from '~/components/field'
import { HoneypotFields } from '~/components/honeypot-fields'
import { useLocale } from '~/components/use-locale'
import type { Locale } from '~/domain/locale'
import { pluralWord } from '~/domain/words'
import { DEFAULT_MAX_QUANTITY } from '~/forms/limits'
import { useValidatedForm } from '~/forms/use-form-validator'
import type { HoneypotProps } from '~/http/honeypot.server'
import { localePath } from '~/utils/i18n'

const WAITLIST_PATH = '/waitlist'

/** The form's words per language (decision 175). */
const WORDS = {
	'en-US': {
		soldOut: { seat: 'Every seat is sold or held.', pass: 'Every pass is sold or held.' },
		first: 'Join the waiting list: you are first.',
		waiting: (count: number) =>
			`${count} ${pluralWord(count, { one: 'person is', other: 'people are' })} on the waiting list.`,
		quantity: { seat: 'Seats', pass: 'Passes' },
		email: 'E-mail address',
		submit: 'Join the waiting list',
		how: (units: string) =>
			`We e-mail you a link to confirm your address: your place counts from then. When ${units} come back, they are offered in the order places were confirmed; if fewer come back than the first person asked for, they go to the next person they fit. The offer's link holds them for a while; we write only about this.`,
		units: { seat: 'seats', pass: 'passes' },
	},
	'de-DE': {
		soldOut: {
			seat: 'Alle Plätze sind verkauft oder reserviert.',
			pass: 'Alle Tickets sind verkauft oder reserviert.',
		},
		first: 'Tragen Sie sich in die Warteliste ein: Sie sind die erste Person.',
		waiting: (count: number) =>
			`${count} ${pluralWord(count, { one: 'Person steht', other: 'Personen stehen' }, 'de-DE')} auf der Warteliste.`,
		quantity: { seat: 'Plätze', pass: 'Tickets' },
		email: 'E-Mail-Adresse',
		submit: 'Auf die Warteliste',
		how: (units: string) =>
			`Wir schicken Ihnen einen Link, mit dem Sie Ihre Adresse bestätigen: Ab dann zählt Ihr Platz. Werden ${units} wieder frei, bieten wir sie in der Reihenfolge der Bestätigungen an; kommen weniger zurück, als die erste Person wollte, gehen sie an die nächste, zu der sie passen. Der Link im Angebot hält sie eine Weile für Sie; wir schreiben nur dazu.`,
		units: { seat: 'Plätze', pass: 'Tickets' },
	},
} satisfies Record<Locale, unknown>

/** "Sold out. 3 people are on the waiting list." */
function waitingLine(waiting: number, unit: 'seat' | 'pass', locale: Locale): string {
	const words = WORDS[locale]
	return `${words.soldOut[unit]} ${waiting === 0 ? words.first : words.waiting(waiting)}`
}

export function WaitlistForm({
	code,
	region,
	waiting,
	unit,
	maxQuantity = DEFAULT_MAX_QUANTITY,
	honeypot,
	lastResult,
}: {
	code: string
	region: string
	waiting: number
	unit: 'seat' | 'pass'
	maxQuantity?: number
	/** The public forms' honeypot (docs/decisions/063): /waitlist refuses a post without it. */
	honeypot: HoneypotProps
	lastResult?: Parameters<typeof useValidatedForm>[1]['lastResult']
}) {
	const fetcher = useFetcher()
	const locale = useLocale()
	const words = WORDS[locale]
	const [form, fields] = useValidatedForm('waitlistJoin', {
		id: `waitlist-${code}`,
		lastResult: (fetcher.data as typeof lastResult) ?? lastResult,
		defaultValue: { quantity: '1', code, region },
		schemaOptions: { maxQuantity },
	})
	return (
		<fetcher.Form
			method="post"
			// The product in the URL too: without JavaScript, a refused post renders /waitlist's
			// page, whose loader shows this product's form again with the errors.
			action={`${localePath(WAITLIST_PATH, locale)}?${new URLSearchParams({ code, region })}`}
			{...getFormProps(form)}
			className="mt-6 space-y-3"
		>
			<p className="font-medium">{waitingLine(waiting, unit, locale)}</p>
			<input type="hidden" name="code" value={code} />
			<input type="hidden" name="region" value={region} />
			<HoneypotFields honeypot={honeypot} />
			<div className="flex flex-wrap items-end gap-4">
				<Field
					meta={fields.quantity}
					label={words.quantity[unit]}
					type="number"
					inputProps={{ min: 1, max: maxQuantity, step: 1 }}
					compact={{
						className: 'flex flex-col gap-1',
						inputClassName:
							'min-h-11 w-24 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
					}}
				/>
				<Field
					meta={fields.email}
					label={words.email}
					type="email"
					inputProps={{ autoComplete: 'email', required: true }}
					compact={{
						className: 'flex flex-col gap-1',
						inputClassName:
							'min-h-11 w-64 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
					}}
				/>
				<SubmitButton fetcher={fetcher}>{words.submit}</SubmitButton>
			</div>
			<FormErrors id={form.errorId} errors={form.errors} />
			<p className="text-sm text-slate-600 dark:text-slate-400">{words.how(words.units[unit])}</p>
		</fetcher.Form>
	)
}
