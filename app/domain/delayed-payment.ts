/**
 * What a buyer whose delayed payment is on its way reads (docs/decisions/164): one set of words
 * for the processing page and the e-mail, each kept by the system and proven in
 * tests/integration/promises.test.ts.
 */
import { IS, type PluralForms, pluralWord } from './words'

export function paymentOnItsWaySteps({
	units,
	quantity,
	heldUntil,
}: {
	/** "seat" / "seats", "pass" / "passes" (words.ts `unitsOf`). */
	units: PluralForms
	quantity: number
	/** The hold's end, as dates.ts writes a moment. */
	heldUntil: string
}): { when: string; what: string }[] {
	const unit = pluralWord(quantity, units)
	return [
		{
			when: 'Now',
			what: `Your ${unit} ${pluralWord(quantity, IS)} held for you until ${heldUntil} while your bank sends the money: bank payments such as SEPA Direct Debit take a few business days. Nobody else can buy ${quantity === 1 ? 'it' : 'them'} meanwhile.`,
		},
		{
			when: 'When the money arrives',
			what: 'Your order is paid and we e-mail your receipt with its invoice.',
		},
		{
			when: 'If it does not arrive',
			what: `If your bank refuses the payment, or it has not arrived by then, the ${unit} ${pluralWord(quantity, { one: 'goes', other: 'go' })} back on sale and we e-mail you a link to pay by card instead.`,
		},
	]
}
