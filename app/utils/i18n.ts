/**
 * Interface texts (SPEC §8) and the locale (SPEC §9, docs/decisions/173). English (en-US, the
 * default) and German (de-DE), both left to right. A page's language is its URL's: German pages
 * live under /de (app/routes.ts declares them from the same modules); the locale cookie and, on
 * a first visit, Accept-Language only decide where an unprefixed URL sends a visitor
 * (http/locale.server.ts). Components take their words from here, so another language is
 * another dictionary and a prefix, not a hunt through the code.
 */
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, localeOrDefault } from '~/domain/locale'
import { site } from '~/site'

/** The URL prefix of a locale's pages ('' for the default) and its `lang`/`hreflang` tag. */
export const LOCALE_TAGS: Record<Locale, { prefix: string; lang: string }> = {
	'en-US': { prefix: '', lang: 'en' },
	'de-DE': { prefix: '/de', lang: 'de' },
}

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
	// The layout: header, navigation, footer (site.ts names its links by these keys).
	menu: 'Menu',
	mainNavigation: 'Main',
	legalNavigation: 'Legal',
	navCourse: 'Course',
	navWorkshop: 'Workshop',
	navDay: 'Day event',
	navBlog: 'Blog',
	navCheatsheets: 'Cheatsheets',
	privacyPolicy: 'Privacy policy',
	termsConditions: 'Terms and conditions',
	poweredBy: 'Powered By',
	freeWorkshop: 'Free workshop',
	socialX: 'AI-Driven Development on X',
	socialBlueSky: 'AI-Driven Development on BlueSky',
	socialLinkedIn: 'AI-Driven Development on LinkedIn',
	socialDiscord: 'Join the AI-Driven Development Discord',
	colorModeDark: 'Switch to dark mode',
	colorModeLight: 'Switch to light mode',
	colorModeSystem: 'Use system colour mode',
	// The language switch: the other language's name, in that language.
	languageSwitch: 'Deutsch',
	languageSwitchLabel: 'Diese Seite auf Deutsch',
	// The error page.
	pageNotFound: 'Page not found',
	/** The site's description (site.ts, the owner's), when a page has none of its own. */
	siteDescription: site.description,
} as const

export type MessageKey = keyof typeof messages

/** Every text of the table in German: a key left out does not compile. */
const germanMessages: Record<MessageKey, string> = {
	noMatchingData: 'Keine passenden Daten',
	noData: 'Keine Daten',
	close: 'Schließen',
	back: 'Zurück',
	continue: 'Weiter',
	sendPrompt: 'Prompt senden',
	typeYourMessage: 'Schreiben Sie hier Ihre Nachricht …',
	backToHome: 'Zurück zur Startseite',
	onThisPage: 'Auf dieser Seite',
	copyCode: 'Code in die Zwischenablage kopieren',
	hidePassword: 'Passwort verbergen',
	showPassword: 'Passwort anzeigen',
	openMenu: 'Menü öffnen',
	closeMenu: 'Menü schließen',
	expandSidebar: 'Seitenleiste ausklappen',
	collapseSidebar: 'Seitenleiste einklappen',
	loading: 'Wird geladen',
	notifications: 'Benachrichtigungen',
	previewMode: 'Vorschaumodus',
	stagingPreview: 'Staging-Vorschau',
	leavePreview: 'Vorschau verlassen',
	copied: 'Kopiert',
	copiedToClipboard: 'In die Zwischenablage kopiert',
	copyFailed: 'Kopieren fehlgeschlagen: Markieren Sie den Code und kopieren Sie ihn selbst',
	menu: 'Menü',
	mainNavigation: 'Hauptmenü',
	legalNavigation: 'Rechtliches',
	navCourse: 'Kurs',
	navWorkshop: 'Workshop',
	navDay: 'Event-Tag',
	navBlog: 'Blog',
	navCheatsheets: 'Spickzettel',
	privacyPolicy: 'Datenschutzerklärung',
	termsConditions: 'Allgemeine Geschäftsbedingungen',
	poweredBy: 'Unterstützt von',
	freeWorkshop: 'Kostenloser Workshop',
	socialX: 'AI-Driven Development auf X',
	socialBlueSky: 'AI-Driven Development auf BlueSky',
	socialLinkedIn: 'AI-Driven Development auf LinkedIn',
	socialDiscord: 'Dem Discord von AI-Driven Development beitreten',
	colorModeDark: 'Zum dunklen Modus wechseln',
	colorModeLight: 'Zum hellen Modus wechseln',
	colorModeSystem: 'Farbmodus des Systems verwenden',
	languageSwitch: 'English',
	languageSwitchLabel: 'This page in English',
	pageNotFound: 'Seite nicht gefunden',
	siteDescription:
		'Willkommen in der nächsten Ära der Softwareentwicklung. Erfahren Sie, wie KI das Programmieren verändert, die Produktivität steigert und die Arbeit von Entwicklern neu prägt.',
}

const dictionaries: Record<Locale, Record<MessageKey, string>> = {
	'en-US': messages,
	'de-DE': germanMessages,
}

/** A text of the interface in `locale` (English by default). */
export function t(key: MessageKey, locale: Locale = DEFAULT_LOCALE): string {
	return dictionaries[locale][key]
}

/**
 * The footer's language switch on `pathname` (with its `search`): a plain link to the same page
 * with `?lang=` naming the other language, which http/locale.server.ts answers with a redirect
 * to the twin and the locale cookie (JavaScript or not). Null on a page without a twin.
 */
export function languageSwitchHref(pathname: string, search: string): string | null {
	if (!isTranslatedPage(unprefixedPath(pathname))) return null
	const params = new URLSearchParams(search)
	params.set('lang', localeOfPath(pathname) === 'de-DE' ? 'en' : 'de')
	return `${pathname}?${params}`
}

/** The locale of a page's path: German under /de, English elsewhere. */
export function localeOfPath(pathname: string): Locale {
	return /^\/de(?:\/|$)/i.test(pathname) ? 'de-DE' : DEFAULT_LOCALE
}

/** The path without its locale prefix: `/de/workshop` → `/workshop`, `/de` → `/`. */
export function unprefixedPath(pathname: string): string {
	return pathname.replace(/^\/de(?=\/|$)/i, '') || '/'
}

/**
 * `path` (English, unprefixed, with any query) as `locale`'s page: `/workshop` → `/de/workshop`,
 * `/` → `/de`. A page without a German twin (the owner's dashboard, say) stays where it is.
 */
export function localePath(path: string, locale: Locale): string {
	const { prefix } = LOCALE_TAGS[locale]
	const pathname = path.split(/[?#]/, 1)[0] ?? ''
	if (!prefix || !pathname.startsWith('/') || !isTranslatedPage(pathname)) return path
	return `${pathname === '/' ? prefix : `${prefix}${pathname}`}${path.slice(pathname.length)}`
}

/**
 * The pages with a German twin under /de: the site's public pages and the buyer's (app/routes.ts
 * declares the twins from the landing, workshop, day, waitlist, content, account and checkout
 * folders). The owner's sign-in and dashboard and machine routes are English only for now.
 */
const TRANSLATED_PAGES = [
	/^\/$/,
	/^\/for\/[^/]+$/,
	/^\/(onboarding|post-insiders-survey|join|waitlist)$/,
	/^\/workshop(\/(confirm|enrolled|move))?$/,
	/^\/ai-driven-development-day(\/(confirm|enrolled))?$/,
	/^\/pass\/[^/]+(\/thank-you)?$/,
	/^\/waitlist\/(joined|confirm\/[^/]+|offer\/[^/]+)$/,
	/^\/(blog|cheatsheets)(\/[^/]+)?$/,
	/^\/blog\/[^/]+\/[^/]+$/,
	/^\/(legal|lessons)\/[^/]+$/,
	// A certificate's check: a German certificate prints its German address (decision 172).
	/^\/certificates\/[^/]+$/,
	// The account pages a German e-mail or page leads to (decision 178).
	/^\/(email-preferences|signup\/one-click|login\/github\/failed)$/,
	// The buyer's pages (docs/decisions/176); not the checkout's JSON (/checkout/:id) nor a PDF.
	/^\/checkout\/(processing|success|sandbox\/[^/]+|[^/]+\/(queue|thank-you|transfer|pay-by-card))$/,
	/^\/(enrolled|upgrade)$/,
	/^\/(gift|invoice|upgrade)\/[^/]+$/,
]

/**
 * An absolute URL of this site (`https://…/email-preferences?token=…`) as `locale`'s page, for
 * a message's links: the origin kept, the path through `localePath`.
 */
export function localeUrl(url: string, locale: Locale = DEFAULT_LOCALE): string {
	if (!LOCALE_TAGS[locale].prefix) return url
	const { origin, pathname, search, hash } = new URL(url)
	return `${origin}${localePath(`${pathname}${search}${hash}`, locale)}`
}

/**
 * The versions of the English page at `path` for search engines (decision 173): one per language
 * and the English one again as `x-default`, for a reader of neither; none for a page without a
 * twin. The head's `hreflang` links and the sitemap's `xhtml:link`s are these (decision 178).
 */
export function languageVersions(path: string): { hreflang: string; path: string }[] {
	if (!isTranslatedPage(path)) return []
	return [
		...LOCALES.map((locale) => ({
			hreflang: LOCALE_TAGS[locale].lang,
			path: localePath(path, locale),
		})),
		{ hreflang: 'x-default', path },
	]
}

/** Whether the English page at `path` has a German twin (and so `hreflang` alternates). */
export function isTranslatedPage(path: string): boolean {
	const unprefixed = path.replace(/\/+$/, '') || '/'
	return unprefixed !== '/blog/rss.xml' && TRANSLATED_PAGES.some((page) => page.test(unprefixed))
}

/** Writing direction of a locale: every locale we ship is left to right. */
export function localeDirection(_locale: Locale): 'ltr' | 'rtl' {
	return 'ltr'
}

/** The cookie's value if it names a locale we ship, else the default. */
export function resolveLocale(value: string | undefined): Locale {
	return localeOrDefault(value)
}

/**
 * Why a stored locale cannot be used, for SPEC §8's 'Failed locale loading' warning; null when
 * it can (or when none is stored: the default is then simply written).
 */
export function localeLoadFailure(
	value: string | undefined,
	fallback: Locale = DEFAULT_LOCALE,
): string | null {
	if (value === undefined || isLocale(value)) return null
	// Shortened: the value is the visitor's, and goes to the console and the server's log.
	const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value
	return `"${shown}" is not a locale of this site (${LOCALES.join(', ')}); using ${fallback}`
}

/** The Set-Cookie / document.cookie string for a locale. */
export function localeCookie(locale: Locale, secure: boolean): string {
	const { name, maxAge, path, sameSite } = LOCALE_COOKIE
	return `${name}=${locale}; Max-Age=${maxAge}; Path=${path}; SameSite=${sameSite}${secure ? '; Secure' : ''}`
}
