/** The GitHub emulator's sample accounts (docs/decisions/041), each showing one case of sign-in. */

type EmulatorEmail = { email: string; primary: boolean; verified: boolean }

export type EmulatorUser = {
	login: string
	id: number
	name: string | null
	emails: EmulatorEmail[]
	/** Shown on the authorize page to say what the sample user demonstrates. */
	note: string
	/** Defaults to the emulator's own generated avatar. */
	avatarUrl?: string
}

/** Sample accounts offered on the emulator's authorize page. */
export const SAMPLE_USERS: EmulatorUser[] = [
	{
		login: 'mona',
		id: 1001,
		name: 'Mona Lisa Octocat',
		emails: [
			{ email: 'mona@example.com', primary: true, verified: true },
			{ email: 'mona@users.noreply.github.com', primary: false, verified: true },
		],
		note: 'Three-word name: first name Mona, last name Lisa Octocat.',
	},
	{
		login: 'jean-luc',
		id: 1002,
		name: '  jean-luc   PICARD ',
		emails: [{ email: 'jean-luc@example.com', primary: true, verified: true }],
		note: 'Untidy name, stored as Jean-Luc Picard.',
	},
	{
		login: 'zoe',
		id: 1003,
		name: 'Zoë Ångström',
		emails: [{ email: 'zoe@example.com', primary: true, verified: true }],
		note: 'Accented name.',
	},
	{
		login: 'hubot',
		id: 1004,
		name: null,
		emails: [{ email: 'hubot@example.com', primary: true, verified: true }],
		note: 'No name on the account: the names are left for the onboarding form.',
	},
	{
		login: 'unverified',
		id: 1005,
		name: 'Una Verified',
		emails: [{ email: 'una@example.com', primary: true, verified: false }],
		note: 'Primary e-mail not verified: sign-in is refused with a message.',
	},
]

/** A plain identicon-like avatar: the initial on a colour derived from the login. */
export function avatarSvg(user: EmulatorUser): string {
	const hue = [...user.login].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360
	const initial = (user.login[0] ?? '?').toUpperCase()
	return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><rect width="120" height="120" fill="hsl(${hue} 55% 45%)"/><text x="60" y="78" font-family="sans-serif" font-size="56" font-weight="700" text-anchor="middle" fill="#fff">${initial}</text></svg>`
}
