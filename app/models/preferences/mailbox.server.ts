/**
 * The mailbox an address reaches, for counting what we send to it (docs/decisions/103): one
 * person's inbox answers to `victim@`, `Victim+1@` and, at Gmail, `v.i.c.t.i.m@googlemail.com`.
 * Sign-ups stay keyed by the address as typed (a lead per address and list); only the
 * confirmation limits fold addresses this far.
 */
import crypto from 'node:crypto'
import { foldEmail } from '~/domain/email-address'

/** Providers that deliver `a.b@` to `ab@`, each under the domain its aliases fold to. */
const DOTLESS_DOMAINS: Record<string, string> = {
	'gmail.com': 'gmail.com',
	'googlemail.com': 'gmail.com',
}

export type Mailbox = {
	/** sha256 of the folded address, hex: the outbox's key, without the address in the index. */
	key: string
	/** The folded domain, for the per-domain limit. */
	domain: string
}

export function mailboxOf(address: string): Mailbox {
	const folded = foldEmail(address)
	const at = folded.lastIndexOf('@')
	let local = folded.slice(0, at)
	let domain = folded.slice(at + 1)
	const plus = local.indexOf('+')
	if (plus > 0) local = local.slice(0, plus)
	const dotless = DOTLESS_DOMAINS[domain]
	if (dotless) {
		domain = dotless
		local = local.replaceAll('.', '')
	}
	const key = crypto.createHash('sha256').update(`${local}@${domain}`).digest('hex')
	return { key, domain }
}
