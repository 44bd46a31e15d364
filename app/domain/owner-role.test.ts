import { describe, expect, test } from 'vitest'
import {
	decideOwnerRole,
	type OwnerSession,
	ownerSessionHolds,
	parseOwnerSession,
} from './owner-role'

const github = (
	account: { id: number; login: string },
	bindings: { login: string; githubId: number }[] = [],
	configuredLogins = ['mona'],
) =>
	decideOwnerRole({ via: 'github', operatorToolsOpen: false, configuredLogins, account, bindings })

describe('who is an owner at sign-in', () => {
	test('a listed login signing in for the first time is an owner, bound to its account id', () => {
		expect(github({ id: 1, login: 'Mona' })).toEqual({
			owner: true,
			login: 'mona',
			bind: { login: 'mona', githubId: 1 },
		})
	})

	test('a login that is not listed is not an owner', () => {
		expect(github({ id: 2, login: 'hubot' })).toEqual({ owner: false })
		expect(github({ id: 1, login: 'mona' }, [], [])).toEqual({ owner: false })
	})

	test('a renamed owner account keeps the role: its id is bound to the listed login', () => {
		expect(github({ id: 1, login: 'mona-renamed' }, [{ login: 'mona', githubId: 1 }])).toEqual({
			owner: true,
			login: 'mona',
			bind: null,
		})
	})

	test('a new account that takes an owner’s old login is not an owner', () => {
		expect(github({ id: 99, login: 'mona' }, [{ login: 'mona', githubId: 1 }])).toEqual({
			owner: false,
		})
	})

	test('a binding whose login is no longer listed gives no role', () => {
		expect(github({ id: 1, login: 'mona' }, [{ login: 'mona', githubId: 1 }], ['hubot'])).toEqual({
			owner: false,
		})
	})

	test('a GitHub emulator identity is an owner only where the operator tools are open', () => {
		const emulator = (operatorToolsOpen: boolean) =>
			decideOwnerRole({
				via: 'emulator',
				operatorToolsOpen,
				configuredLogins: ['mona'],
				account: { id: 1001, login: 'mona' },
				bindings: [],
			})
		expect(emulator(false)).toEqual({ owner: false })
		expect(emulator(true)).toEqual({ owner: true, login: 'mona', bind: null })
	})

	test('an emulator identity not in ADMIN_GITHUB_LOGINS is no owner, even where the operator tools are open (decision 132)', () => {
		const emulator = (login: string, configuredLogins: string[]) =>
			decideOwnerRole({
				via: 'emulator',
				operatorToolsOpen: true,
				configuredLogins,
				account: { id: 1002, login },
				bindings: [],
			})
		expect(emulator('hubot', ['mona'])).toEqual({ owner: false })
		expect(emulator('mona', [])).toEqual({ owner: false })
		expect(emulator('Mona', ['mona'])).toEqual({ owner: true, login: 'mona', bind: null })
	})
})

describe('a remembered owner on a later request', () => {
	const owner: OwnerSession = {
		githubId: 1,
		login: 'mona',
		via: 'github',
		expiresAt: 2_000,
		version: 3,
	}
	const facts = {
		operatorToolsOpen: false,
		configuredLogins: ['mona'],
		binding: { login: 'mona', githubId: 1 },
		currentVersion: 3,
	}

	test('holds while unexpired, listed and bound to the same account', () => {
		expect(ownerSessionHolds(owner, 1_000, facts)).toBe(true)
	})

	test('ends when the session expires', () => {
		expect(ownerSessionHolds(owner, 2_000, facts)).toBe(false)
	})

	test('ends when the login is removed from ADMIN_GITHUB_LOGINS', () => {
		expect(ownerSessionHolds(owner, 1_000, { ...facts, configuredLogins: [] })).toBe(false)
	})

	test('ends when the login is bound to another account', () => {
		expect(
			ownerSessionHolds(owner, 1_000, { ...facts, binding: { login: 'mona', githubId: 7 } }),
		).toBe(false)
	})

	test('ends when the owner signs out: the session version has moved on', () => {
		expect(ownerSessionHolds(owner, 1_000, { ...facts, currentVersion: 4 })).toBe(false)
		expect(ownerSessionHolds(owner, 1_000, { ...facts, currentVersion: null })).toBe(false)
		const local: OwnerSession = { ...owner, via: 'emulator' }
		const open = { ...facts, operatorToolsOpen: true }
		expect(ownerSessionHolds(local, 1_000, { ...open, currentVersion: 4 })).toBe(false)
	})

	test('an emulator owner holds only where the operator tools are open', () => {
		const local: OwnerSession = { ...owner, via: 'emulator' }
		expect(ownerSessionHolds(local, 1_000, { ...facts, operatorToolsOpen: false })).toBe(false)
		expect(ownerSessionHolds(local, 1_000, { ...facts, operatorToolsOpen: true })).toBe(true)
	})

	test('an emulator owner ends when their login leaves ADMIN_GITHUB_LOGINS (decision 132)', () => {
		const local: OwnerSession = { ...owner, via: 'emulator' }
		const open = { ...facts, operatorToolsOpen: true, binding: null }
		expect(ownerSessionHolds(local, 1_000, { ...open, configuredLogins: [] })).toBe(false)
		expect(ownerSessionHolds(local, 1_000, { ...open, configuredLogins: ['hubot'] })).toBe(false)
		expect(ownerSessionHolds(local, 1_000, open)).toBe(true)
	})

	test('a malformed session value is no owner', () => {
		expect(parseOwnerSession({ ...owner, via: 'root' })).toBeNull()
		expect(parseOwnerSession({ ...owner, githubId: '1' })).toBeNull()
		expect(parseOwnerSession('mona')).toBeNull()
		const { version: _, ...withoutVersion } = owner
		expect(parseOwnerSession(withoutVersion)).toBeNull()
		expect(parseOwnerSession(owner)).toEqual(owner)
	})
})
