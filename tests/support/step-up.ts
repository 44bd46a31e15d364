/**
 * The owner's second factor in tests (docs/decisions/136): set up an authenticator app through
 * /admin/security as the owner would (the secret read from the page, the first code computed
 * from it), which also confirms a step-up; and later step-ups with codes of later steps.
 */
import * as OTPAuth from 'otpauth'
import { expect } from 'vitest'
import { sessionOf } from './github-sign-in'
import { type RunningServer, TEST_TOTP_DRIFT_STEPS } from './server'

export type Authenticator = {
	secret: string
	/**
	 * A code not used yet: of the next 30-second step after the last one used. A test server
	 * takes TEST_TOTP_DRIFT_STEPS either side of its clock, so this runs ahead of the clock and
	 * waits only once it is that far ahead.
	 */
	nextCode(): Promise<string>
}

/** An authenticator for `secret`, whose first code is of the step after `lastStep`. */
function authenticatorFor(secret: string, lastStep: number): Authenticator {
	let step = lastStep
	return {
		secret,
		async nextCode() {
			step = Math.max(step + 1, Math.floor(Date.now() / 30_000) - 1)
			const wait = (step - TEST_TOTP_DRIFT_STEPS) * 30_000 - Date.now()
			if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50))
			return OTPAuth.TOTP.generate({
				secret: OTPAuth.Secret.fromBase32(secret),
				timestamp: step * 30_000,
			})
		},
	}
}

const form = (
	server: RunningServer,
	path: string,
	cookie: string,
	fields: Record<string, string>,
) =>
	fetch(`${server.url}${path}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { cookie, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields),
	})

/**
 * Sets up an authenticator app for the owner signed in with `cookie`: the cookie back with a
 * fresh step-up, and the authenticator for later codes.
 */
export async function setUpAuthenticator(
	server: RunningServer,
	cookie: string,
): Promise<{ cookie: string; authenticator: Authenticator }> {
	const page = await fetch(`${server.url}/admin/security?set-up=totp`, { headers: { cookie } })
	expect(page.status).toBe(200)
	const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(await page.text())?.[1]
	expect(secret).toBeDefined()
	const step = Math.floor(Date.now() / 30_000)
	const code = OTPAuth.TOTP.generate({
		secret: OTPAuth.Secret.fromBase32(secret!),
		timestamp: step * 30_000,
	})
	const confirmed = await form(server, '/admin/security?set-up=totp', cookie, {
		intent: 'totp-confirm',
		code,
	})
	expect(confirmed.status).toBe(303)
	return { cookie: sessionOf(confirmed)!, authenticator: authenticatorFor(secret!, step) }
}

/** A step-up with the next code: the response (303 to /admin on success). */
export const postStepUp = (
	server: RunningServer,
	cookie: string,
	code: string,
	returnTo = '/admin',
) => form(server, '/admin/step-up', cookie, { stepUpCode: code, stepUpReturn: returnTo })

/** The owner's cookie with a fresh step-up, confirmed with the authenticator's next code. */
export async function stepUp(
	server: RunningServer,
	cookie: string,
	authenticator: Authenticator,
): Promise<string> {
	const response = await postStepUp(server, cookie, await authenticator.nextCode())
	expect(response.status).toBe(303)
	return sessionOf(response)!
}
