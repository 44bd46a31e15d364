/**
 * The languages of the site (SPEC §9, docs/decisions/173): English, the default, and German.
 * Here at the bottom, since dates, counted words and prices are formatted per locale for pages,
 * e-mails and invoices alike; interface texts and URLs are utils/i18n.ts's.
 */
export const DEFAULT_LOCALE = 'en-US'
export const LOCALES = [DEFAULT_LOCALE, 'de-DE'] as const
export type Locale = (typeof LOCALES)[number]

export function isLocale(value: unknown): value is Locale {
	return LOCALES.includes(value as Locale)
}

/** A stored or sent locale, or English when it is none of ours. */
export function localeOrDefault(value: unknown): Locale {
	return isLocale(value) ? value : DEFAULT_LOCALE
}
