/**
 * What a buyer whose delayed payment is on its way reads (docs/decisions/164): one set of words
 * for the processing page and the e-mail, each kept by the system and proven in
 * tests/integration/promises.test.ts; in German for a German order (decision 177).
 */
import { DEFAULT_LOCALE, type Locale } from './locale'
import { IS, type PluralForms, pluralWord } from './words'

export function paymentOnItsWaySteps({
	units,
	quantity,
	heldUntil,
	locale = DEFAULT_LOCALE,
}: {
	/** "seat" / "seats", "pass" / "passes" (words.ts `unitsOf`, in `locale`). */
	units: PluralForms
	quantity: number
	/** The hold's end, as dates.ts writes a moment. */
	heldUntil: string
	locale?: Locale
}): { when: string; what: string }[] {
	const unit = pluralWord(quantity, units, locale)
	if (locale === 'de-DE')
		return [
			{
				when: 'Jetzt',
				what: `${quantity === 1 ? 'Ihr' : 'Ihre'} ${unit} ${quantity === 1 ? 'ist' : 'sind'} bis ${heldUntil} für Sie reserviert, während Ihre Bank das Geld schickt: Bankzahlungen wie die SEPA-Lastschrift dauern ein paar Werktage. Niemand sonst kann ${quantity === 1 ? 'ihn' : 'sie'} in der Zeit kaufen.`,
			},
			{
				when: 'Wenn das Geld ankommt',
				what: 'Ihre Bestellung ist bezahlt, und wir schicken Ihnen die Quittung mit der Rechnung.',
			},
			{
				when: 'Wenn es nicht ankommt',
				what: `Lehnt Ihre Bank die Zahlung ab oder ist sie bis dahin nicht angekommen, ${quantity === 1 ? 'geht der' : 'gehen die'} ${unit} wieder in den Verkauf, und wir schicken Ihnen einen Link, um stattdessen mit Karte zu bezahlen.`,
			},
		]
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
