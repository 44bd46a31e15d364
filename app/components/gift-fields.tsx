/**
 * "This is a gift" (docs/decisions/166): the recipient's name and address, a message and the day
 * their link is e-mailed. On the buy form, inside a disclosure that works without JavaScript;
 * on the buyer's change page, open, without the checkbox.
 */
import type { FieldMetadata } from '@conform-to/react'
import { Field, TextareaField } from '~/components/field'
import { GIFT_MAX_DAYS_AHEAD } from '~/domain/gift'

type GiftFieldsMeta = Record<
	'giftName' | 'giftEmail' | 'giftMessage' | 'giftDate',
	// biome-ignore lint/suspicious/noExplicitAny: the fields of either form; their values are strings
	FieldMetadata<any, any, any>
>

export function GiftFields({ fields, today }: { fields: GiftFieldsMeta; today: string }) {
	return (
		<div className="grid gap-2 sm:grid-cols-2">
			<Field meta={fields.giftName} label="Who it is for" inputProps={{ autoComplete: 'off' }} />
			<Field
				meta={fields.giftEmail}
				label="Their e-mail"
				type="email"
				inputProps={{ autoComplete: 'off' }}
			/>
			<div className="sm:col-span-2">
				<TextareaField meta={fields.giftMessage} label="A message for them (optional)" rows={3} />
			</div>
			<Field
				meta={fields.giftDate}
				label="Delivery day"
				type="date"
				hint={`We e-mail the recipient their link that morning (today: at once), up to ${GIFT_MAX_DAYS_AHEAD} days ahead.`}
				inputProps={{ min: today }}
			/>
		</div>
	)
}
