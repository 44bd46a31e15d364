import { DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { type MessageKey, t } from '~/utils/i18n'

/** Colour modes (SPEC §4). The choice lives in a cookie so the server renders it without a flash. */
export const colorModes = ['dark', 'light', 'system'] as const
export type ColorMode = (typeof colorModes)[number]
/** What a route may force: a concrete mode, never `system` (SPEC §4). */
type ForcedColorMode = Exclude<ColorMode, 'system'>

/** Dark is the default when nothing is stored (SPEC §2, lead-generation layout). */
export const DEFAULT_COLOR_MODE: ColorMode = 'dark'

export function isColorMode(value: unknown): value is ColorMode {
	return colorModes.includes(value as ColorMode)
}

/** The toggle cycles dark → light → system → dark. */
export function nextColorMode(mode: ColorMode): ColorMode {
	return colorModes[(colorModes.indexOf(mode) + 1) % colorModes.length]!
}

const LABELS = {
	dark: 'colorModeDark',
	light: 'colorModeLight',
	system: 'colorModeSystem',
} as const satisfies Record<ColorMode, MessageKey>

/** What the toggle does next, in the page's language. */
export function colorModeLabel(mode: ColorMode, locale: Locale = DEFAULT_LOCALE): string {
	return t(LABELS[mode], locale)
}

/**
 * A route's `handle` may force a colour mode: `export const handle: RouteHandle = { colorMode: 'dark' }`.
 * `sells`: the page takes payments, so its footer links the privacy policy and the terms whatever
 * SITE_STATUS says (pre_release sells; docs/decisions/152).
 * `languageSwitch: false`: the footer offers no other language (decision 178): the page answers a
 * redirect in the language it started in, and its parameters are not repeated into a link.
 */
export type RouteHandle = { colorMode?: ForcedColorMode; sells?: boolean; languageSwitch?: false }
