import { expect, type Page } from '@playwright/test'
import { E2E_OWNER_LOGIN } from '../../playwright.config'

/**
 * Signs `page` in with the fake GitHub (tests/fakes/github-peer.ts) as `login`: the site sends
 * the browser to the fake's authorize URL, where `login=` approves at once (GitHub would show its
 * consent page), asking to come back to /admin: the owner lands on the dashboard, anyone else on
 * a 404. Relative to the test's baseURL.
 */
export async function signInAs(page: Page, login: string) {
	const start = await page.request.get('/login/github?returnTo=/admin', { maxRedirects: 0 })
	expect(start.status()).toBe(302)
	const authorize = new URL(start.headers().location!)
	authorize.searchParams.set('login', login)
	await page.goto(authorize.href)
}

/** Signs `page` in as the e2e site's owner, and waits for the dashboard's overview. */
export async function signInAsOwner(page: Page) {
	await signInAs(page, E2E_OWNER_LOGIN)
	await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
}
