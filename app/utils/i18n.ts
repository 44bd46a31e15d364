/**
 * Interface texts (SPEC §8) and the locale (SPEC §9). The site is English only for now: one
 * dictionary, en-US, left to right. Components take their words from here, so a second
 * language is a second dictionary, not a hunt through the code.
 */
export const DEFAULT_LOCALE = 'en-US'
const locales = [DEFAULT_LOCALE] as const
export type Locale = (typeof locales)[number]

/** The locale cookie: a year, whole site, SameSite=Lax (SPEC §9). Read by the server. */
export const LOCALE_COOKIE = {
	name: 'locale',
	maxAge: 365 * 24 * 60 * 60,
	path: '/',
	sameSite: 'Lax',
} as const

export const messages = {
	noMatchingData: 'No matching data',
	noData: 'No data',
	close: 'Close',
	back: 'Back',
	continue: 'Continue',
	sendPrompt: 'Send prompt',
	typeYourMessage: 'Type your message here...',
	backToHome: 'Back to home',
	onThisPage: 'On this page',
	copyCode: 'Copy code to clipboard',
	hidePassword: 'Hide password',
	showPassword: 'Show password',
	openMenu: 'Open menu',
	closeMenu: 'Close menu',
	expandSidebar: 'Expand sidebar',
	collapseSidebar: 'Collapse sidebar',
	// Our own, beside the SPEC's.
	loading: 'Loading',
	notifications: 'Notifications',
	previewMode: 'Preview mode',
	stagingPreview: 'Staging preview',
	leavePreview: 'Leave preview',
	copied: 'Copied',
	copiedToClipboard: 'Copied to clipboard',
	copyFailed: 'Could not copy: select the code and copy it instead',
} as const

export type MessageKey = keyof typeof messages

/** A text of the interface in the visitor's language. */
export function t(key: MessageKey): string {
	return messages[key]
}

/** Writing direction of a locale: every locale we ship is left to right. */
export function localeDirection(_locale: Locale): 'ltr' | 'rtl' {
	return 'ltr'
}

function isLocale(value: unknown): value is Locale {
	return locales.includes(value as Locale)
}

/** The cookie's value if it names a locale we ship, else the default. */
export function resolveLocale(value: string | undefined): Locale {
	return isLocale(value) ? value : DEFAULT_LOCALE
}

/**
 * Why a stored locale cannot be used, for SPEC §8's 'Failed locale loading' warning; null when
 * it can (or when none is stored: the default is then simply written).
 */
export function localeLoadFailure(value: string | undefined): string | null {
	if (value === undefined || isLocale(value)) return null
	return `"${value}" is not a locale of this site (${locales.join(', ')}); using ${DEFAULT_LOCALE}`
}

/** The Set-Cookie / document.cookie string for a locale. */
export function localeCookie(locale: Locale, secure: boolean): string {
	const { name, maxAge, path, sameSite } = LOCALE_COOKIE
	return `${name}=${locale}; Max-Age=${maxAge}; Path=${path}; SameSite=${sameSite}${secure ? '; Secure' : ''}`
}
