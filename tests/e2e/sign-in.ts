import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import * as OTPAuth from 'otpauth'
import { E2E_OWNER_LOGIN, E2E_TOTP_DRIFT_STEPS } from '../../playwright.config'

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

/** Signs `page` in as the e2e site's owner and waits for the dashboard's overview. */
export async function signInAsOwner(page: Page) {
	await signInAs(page, E2E_OWNER_LOGIN)
	await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
}

/**
 * Signs `page` in as the owner and confirms their second factor (docs/decisions/136: refunds,
 * erasure, sends, the course's opening and coupon changes need one). Only the specs that do one
 * of those use it: a code is good once, so each confirmation takes the next 30-second step.
 */
export async function signInAsOwnerConfirmed(page: Page) {
	await signInAsOwner(page)
	await confirmSecondFactor(page)
	await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
}

// The owner's authenticator is shared by every spec and worker of a run on one site: its secret
// and the last 30-second step used sit in a file named after the site's port, changed under a
// lock (a code is good once, so two workers must not use the same step). Each site has its own
// database, so its own authenticator.
const statePathOf = (page: Page) =>
	path.join(os.tmpdir(), `e2e-owner-totp-${new URL(page.url()).port}.json`)
type State = { secret: string; lastStep: number }

async function withLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
	for (;;) {
		try {
			fs.mkdirSync(lockPath)
			break
		} catch {
			// A lock left by a killed run is older than any step-up takes.
			const age = Date.now() - (fs.statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? 0)
			if (age > 120_000) fs.rmSync(lockPath, { recursive: true, force: true })
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
	}
	try {
		return await work()
	} finally {
		fs.rmSync(lockPath, { recursive: true, force: true })
	}
}

/**
 * A code of a step after `lastStep` that the server's clock accepts, waiting for one if need be.
 * The current step when it is free, else the next: the sites take E2E_TOTP_DRIFT_STEPS either
 * side of their clock, so this waits only once it is that far ahead (the step before the current
 * one could lapse on the way).
 */
async function nextCode(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
	const step = Math.max(lastStep + 1, Math.floor(Date.now() / 30_000))
	const wait = (step - E2E_TOTP_DRIFT_STEPS) * 30_000 - Date.now()
	if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50))
	const code = OTPAuth.TOTP.generate({
		secret: OTPAuth.Secret.fromBase32(secret),
		timestamp: step * 30_000,
	})
	return { code, step }
}

/** Confirms the owner's second factor in `page`'s session, setting one up the first time. */
async function confirmSecondFactor(page: Page) {
	const statePath = statePathOf(page)
	await withLock(`${statePath}.lock`, async () => {
		const saved = fs.existsSync(statePath)
			? (JSON.parse(fs.readFileSync(statePath, 'utf8')) as State)
			: null
		if (saved) {
			await page.goto('/admin/step-up?returnTo=/admin')
			const code = page.getByLabel('Code from your authenticator app')
			// A file from an earlier run, against a new site: set up again.
			if ((await code.count()) > 0) {
				const next = await nextCode(saved.secret, saved.lastStep)
				await code.fill(next.code)
				await page.getByRole('button', { name: 'Confirm', exact: true }).click()
				fs.writeFileSync(statePath, JSON.stringify({ ...saved, lastStep: next.step }))
				return
			}
		}
		await page.goto('/admin/security?set-up=totp&returnTo=/admin')
		const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
		const first = await nextCode(secret, 0)
		await page.getByLabel('The code your app shows now').fill(first.code)
		await page.getByRole('button', { name: 'Confirm the app' }).click()
		await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
		fs.writeFileSync(statePath, JSON.stringify({ secret, lastStep: first.step }))
	})
}
