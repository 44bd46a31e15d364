/**
 * The honeypot on every public form (remix-utils): a field people never see and bots fill,
 * plus an encrypted "valid from" time. The seed comes from SESSION_SECRET so every app server
 * accepts the fields another one rendered.
 */
import crypto from 'node:crypto'
import { Honeypot, SpamError } from 'remix-utils/honeypot/server'
import { getConfig } from '~/config.server'

const NAME_FIELD = 'website'

let honeypot: Honeypot | undefined

function getHoneypot(): Honeypot {
	if (!honeypot) {
		const seed = crypto
			.createHmac('sha256', getConfig().SESSION_SECRET)
			.update('honeypot/v1')
			.digest('hex')
		honeypot = new Honeypot({ encryptionSeed: seed, nameFieldName: NAME_FIELD })
	}
	return honeypot
}

/** The props for `<HoneypotProvider>` around a form. */
export function honeypotProps() {
	return getHoneypot().getInputProps()
}

/** Throws a 400 response when the honeypot caught a bot; nothing is stored. */
export function checkHoneypot(formData: FormData): void {
	// remix-utils skips the check when neither field was sent; every form of ours sends them.
	if (!formData.has(NAME_FIELD))
		throw new Response('Form not submitted: it looked automated', { status: 400 })
	try {
		getHoneypot().check(formData)
	} catch (error) {
		if (error instanceof SpamError)
			throw new Response('Form not submitted: it looked automated', { status: 400 })
		throw error
	}
}
