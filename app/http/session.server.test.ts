import { beforeAll, describe, expect, test, vi } from 'vitest'
import { EMPTY_PROFILE, type Profile } from '~/models/leads/profile'

const profile: Profile = {
	...EMPTY_PROFILE,
	email: 'ada@example.com',
	firstName: 'Ada',
	lastName: 'Lovelace',
	github_username: 'ada',
}

const requestWith = (setCookie?: string) =>
	new Request('http://localhost/', {
		headers: setCookie ? { Cookie: setCookie.split(';')[0]! } : {},
	})

describe('the profile session', () => {
	let session: typeof import('./session.server')
	beforeAll(async () => {
		vi.stubEnv('SESSION_SECRET', 'a-test-secret-that-is-long-enough-1234')
		session = await import('./session.server')
	})

	test('a stored profile reads back from the signed cookie alone', async () => {
		const setCookie = await session.storeProfile(requestWith(), { secure: false }, profile)
		expect(await session.getProfile(requestWith(setCookie), { secure: false })).toEqual(profile)
	})

	test('the cookie is HttpOnly, SameSite=Lax, and Secure behind HTTPS', async () => {
		const plain = await session.storeProfile(requestWith(), { secure: false }, profile)
		expect(plain).toMatch(/HttpOnly/)
		expect(plain).toMatch(/SameSite=Lax/)
		expect(plain).not.toMatch(/Secure/)
		expect(await session.storeProfile(requestWith(), { secure: true }, profile)).toMatch(/Secure/)
	})

	test('a tampered cookie gives no profile', async () => {
		const setCookie = await session.storeProfile(requestWith(), { secure: false }, profile)
		const [pair] = setCookie.split(';')
		const [name, value] = pair!.split('=')
		const [data, signature] = decodeURIComponent(value!).split('.')
		const payload = JSON.parse(atob(data!))
		const reencode = () =>
			`${name}=${encodeURIComponent(`${btoa(JSON.stringify(payload))}.${signature}`)}`
		// Re-encoding the same data keeps the signature valid: the forgery below is well formed.
		expect(await session.getProfile(requestWith(reencode()), { secure: false })).toEqual(profile)
		payload.profile.email = 'mallory@example.com'
		expect(await session.getProfile(requestWith(reencode()), { secure: false })).toBeNull()
	})

	test('signing out clears the profile', async () => {
		const setCookie = await session.storeProfile(requestWith(), { secure: false }, profile)
		const cleared = await session.clearProfile(requestWith(setCookie), { secure: false })
		expect(await session.getProfile(requestWith(cleared), { secure: false })).toBeNull()
	})
})
