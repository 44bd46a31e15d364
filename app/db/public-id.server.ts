import crypto from 'node:crypto'

/**
 * 16 random bytes, URL-safe: the unguessable ids of orders and passes. Drawn again while the
 * first character is `-` or `_` (1 in 32): an id starting with `-` reads as a formula to a
 * spreadsheet, so the owner's exports would print it with the formula guard's apostrophe
 * (domain/csv.ts), no longer the id the dashboard finds. Older ids keep their first character.
 */
export function newPublicId(): string {
	let id: string
	do id = crypto.randomBytes(16).toString('base64url')
	while (!/^[A-Za-z0-9]/.test(id))
	return id
}

export const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/
