/**
 * Bank details and payment references (docs/decisions/163): the RF creditor reference of ISO
 * 11649 (what SEPA banks carry in the structured remittance field and check as they take it)
 * and the IBAN's own check (ISO 13616). Both are "letters to numbers, then mod 97".
 */

/** A→10 … Z→35, digits kept: the numeric string both checks take their remainder of. */
function toDigits(text: string): string {
	return [...text]
		.map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char))
		.join('')
}

/** The remainder mod 97 of a long numeric string, a few digits at a time. */
function mod97(digits: string): number {
	let rest = 0
	for (let i = 0; i < digits.length; i += 7)
		rest = Number(String(rest) + digits.slice(i, i + 7)) % 97
	return rest
}

/** Letters and digits only, upper case: how people type or banks print references and IBANs. */
export function compact(text: string): string {
	return text.replace(/[\s-]/g, '').toUpperCase()
}

/** `RF` + two check digits + `body` (1 to 21 letters or digits). */
export function creditorReference(body: string): string {
	const clean = compact(body)
	if (!/^[A-Z0-9]{1,21}$/.test(clean))
		throw new Error('a creditor reference body is 1–21 letters or digits')
	const check = 98 - mod97(toDigits(`${clean}RF00`))
	return `RF${String(check).padStart(2, '0')}${clean}`
}

/** Whether `text` (spaces allowed) is a well-formed RF creditor reference with a good check. */
export function isCreditorReference(text: string): boolean {
	const clean = compact(text)
	if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(clean)) return false
	return mod97(toDigits(`${clean.slice(4)}${clean.slice(0, 4)}`)) === 1
}

/** Whether `text` is an IBAN with a good check (country, two digits, up to 30 letters or digits). */
export function isIban(text: string): boolean {
	const clean = compact(text)
	if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(clean)) return false
	return mod97(toDigits(`${clean.slice(4)}${clean.slice(0, 4)}`)) === 1
}

/** A BIC (ISO 9362): 8 or 11 letters and digits. */
export function isBic(text: string): boolean {
	return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(text))
}

/** Groups of four, as bank forms print an IBAN or a reference. */
export function inGroupsOfFour(text: string): string {
	return compact(text).replace(/(.{4})(?=.)/g, '$1 ')
}
