/**
 * Who is an owner (docs/decisions/080): the pure rules, decided at sign-in and checked again on
 * every request. ADMIN_GITHUB_LOGINS names owners by login; a listed login is bound to the
 * GitHub account id that first signs in with it, so a renamed account keeps the role and a new
 * account that takes an old name does not. An identity from the embedded GitHub emulator is an
 * owner only where the operator tools are open (docs/decisions/068): anyone can pick any name
 * in the emulator, so on a public site it proves nothing. And, there too, only with a listed
 * login (docs/decisions/132): the owner list holds in every mode.
 */

/**
 * `link`: the owner sign-in link the operator prints on the server (docs/decisions/151); whoever
 * can print one holds SESSION_SECRET, so it needs no login list. Its login is `owner`.
 */
export type SignInVia = 'github' | 'emulator' | 'link'

/** The one owner a sign-in link makes (docs/decisions/151). */
export const LINK_OWNER_LOGIN = 'owner'

/** A listed login and the GitHub account it was bound to at its first sign-in. */
export type OwnerBinding = { login: string; githubId: number }

/** What the session remembers of an owner. `expiresAt` in ms since the epoch. */
export type OwnerSession = {
	githubId: number
	/** The login as listed (for GitHub), or the emulator's login. */
	login: string
	via: SignInVia
	expiresAt: number
	/** The owner's session version at sign-in (docs/decisions/102): a sign-out moves it on. */
	version: number
}

export type RoleDecision =
	| { owner: false }
	| { owner: true; login: string; bind: OwnerBinding | null }

/**
 * The role of an account that just signed in. `bindings` are the stored bindings of its login
 * and of its id (either may be missing).
 */
export function decideOwnerRole(input: {
	via: SignInVia
	operatorToolsOpen: boolean
	configuredLogins: readonly string[]
	account: { id: number; login: string }
	bindings: readonly OwnerBinding[]
}): RoleDecision {
	const { via, account, configuredLogins, bindings } = input
	if (via === 'emulator') {
		const login = account.login.toLowerCase()
		return input.operatorToolsOpen && configuredLogins.includes(login)
			? { owner: true, login, bind: null }
			: { owner: false }
	}
	const byId = bindings.find(
		(binding) => binding.githubId === account.id && configuredLogins.includes(binding.login),
	)
	if (byId) return { owner: true, login: byId.login, bind: null }
	const login = account.login.toLowerCase()
	if (!configuredLogins.includes(login)) return { owner: false }
	const byLogin = bindings.find((binding) => binding.login === login)
	// The name is bound to another account: somebody took a renamed owner's old login.
	if (byLogin) return { owner: false }
	return { owner: true, login, bind: { login, githubId: account.id } }
}

/**
 * Whether a remembered owner is still one on this request: not expired; not signed out since
 * (the owner's current session version is the one remembered, decision 102); an emulator
 * identity only while the operator tools are open here and its login is listed; a GitHub owner only while their login
 * is listed and still bound to their account (removing a login from ADMIN_GITHUB_LOGINS ends
 * the role).
 */
export function ownerSessionHolds(
	owner: OwnerSession,
	now: number,
	facts: {
		operatorToolsOpen: boolean
		configuredLogins: readonly string[]
		binding: OwnerBinding | null
		/** The owner's session version now; null when none was ever given. */
		currentVersion: number | null
	},
): boolean {
	if (owner.expiresAt <= now) return false
	if (facts.currentVersion === null || owner.version !== facts.currentVersion) return false
	if (owner.via === 'link') return owner.login === LINK_OWNER_LOGIN
	if (owner.via === 'emulator')
		return facts.operatorToolsOpen && facts.configuredLogins.includes(owner.login)
	return (
		facts.configuredLogins.includes(owner.login) &&
		facts.binding !== null &&
		facts.binding.login === owner.login &&
		facts.binding.githubId === owner.githubId
	)
}

/** The owner kept in a session cookie, or null for anything malformed. */
export function parseOwnerSession(value: unknown): OwnerSession | null {
	if (typeof value !== 'object' || value === null) return null
	const { githubId, login, via, expiresAt, version } = value as Record<string, unknown>
	if (typeof githubId !== 'number' || !Number.isSafeInteger(githubId)) return null
	if (typeof login !== 'string' || login.length === 0 || login.length > 39) return null
	if (via !== 'github' && via !== 'emulator' && via !== 'link') return null
	if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return null
	// A cookie from before session versions (decision 102) is signed out.
	if (typeof version !== 'number' || !Number.isSafeInteger(version)) return null
	return { githubId, login, via, expiresAt, version }
}
