/**
 * An e-mail address as it is stored, looked up and compared: trimmed and lower-cased, so one
 * person has one lead per list, one order address and one signed link whatever they typed.
 * (Counting what reaches one inbox folds further: `mailboxOf` in models/preferences/mailbox.server.ts.)
 */
export function foldEmail(address: string): string {
	return address.trim().toLowerCase()
}
