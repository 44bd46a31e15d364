/** Signing in to the owner's dashboard through a GitHub peer (tests/fakes/github.ts). */
import { expect } from 'vitest'
import type { RunningServer } from './server'

/** `name=value` of the cookie `name` a response sets. */
export const cookieOf = (response: Response, name: string) =>
	response.headers
		.getSetCookie()
		.map((line) => line.split(';')[0]!)
		.find((pair) => pair.startsWith(`${name}=`))
export const sessionOf = (response: Response) => cookieOf(response, 'session')

/** Signs in as `login` through the GitHub peer; the session cookie the site set. */
export async function signInThroughPeer(server: RunningServer, login: string): Promise<string> {
	const start = await fetch(`${server.url}/login/github?returnTo=/admin`, { redirect: 'manual' })
	const state = cookieOf(start, 'github-oauth')!
	const authorize = new URL(start.headers.get('location')!)
	authorize.searchParams.set('login', login)
	const back = await fetch(authorize, { redirect: 'manual' })
	const callback = await fetch(back.headers.get('location')!, {
		redirect: 'manual',
		headers: { cookie: state },
	})
	expect(callback.headers.get('location')).toBe('/admin')
	return sessionOf(callback)!
}
