/**
 * "This is a gift" (docs/decisions/166): the recipient's name and address, a message and the day
 * their link is e-mailed. On the buy form, inside a disclosure that works without JavaScript;
 * on the buyer's change page, open, without the checkbox.
 */
import type { FieldMetadata } from '@conform-to/react'
import { Field, TextareaField } from '~/components/field'
import { GIFT_MAX_DAYS_AHEAD } from '~/domain/gift'
import type { Locale } from '~/domain/locale'
import { useLocale } from './use-locale'

/** The fields' words in each language (decision 175). */
const COPY: Record<
	Locale,
	{ name: string; email: string; message: string; date: string; dateHint: string }
> = {
	'en-US': {
		name: 'Who it is for',
		email: 'Their e-mail',
		message: 'A message for them (optional)',
		date: 'Delivery day',
		dateHint: `We e-mail the recipient their link that morning (today: at once), up to ${GIFT_MAX_DAYS_AHEAD} days ahead.`,
	},
	'de-DE': {
		name: 'Für wen',
		email: 'E-Mail-Adresse der beschenkten Person',
		message: 'Eine Nachricht (optional)',
		date: 'Tag der Zustellung',
		dateHint: `Wir senden der beschenkten Person ihren Link an diesem Morgen (heute: sofort), bis zu ${GIFT_MAX_DAYS_AHEAD} Tage im Voraus.`,
	},
}

type GiftFieldsMeta = Record<
	'giftName' | 'giftEmail' | 'giftMessage' | 'giftDate',
	// biome-ignore lint/suspicious/noExplicitAny: the fields of either form; their values are strings
	FieldMetadata<any, any, any>
>

export function GiftFields({ fields, today }: { fields: GiftFieldsMeta; today: string }) {
	const copy = COPY[useLocale()]
	return (
		<div className="grid gap-2 sm:grid-cols-2">
			<Field meta={fields.giftName} label={copy.name} inputProps={{ autoComplete: 'off' }} />
			<Field
				meta={fields.giftEmail}
				label={copy.email}
				type="email"
				inputProps={{ autoComplete: 'off' }}
			/>
			<div className="sm:col-span-2">
				<TextareaField meta={fields.giftMessage} label={copy.message} rows={3} />
			</div>
			<Field
				meta={fields.giftDate}
				label={copy.date}
				type="date"
				hint={copy.dateHint}
				inputProps={{ min: today }}
			/>
		</div>
	)
}
