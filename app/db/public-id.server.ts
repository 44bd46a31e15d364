import crypto from 'node:crypto'

/** 16 random bytes, URL-safe: the unguessable ids of orders and passes. */
export function newPublicId(): string {
	return crypto.randomBytes(16).toString('base64url')
}

export const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/
