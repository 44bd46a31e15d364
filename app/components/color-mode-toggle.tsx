import { useFetcher, useLocation, useMatches } from '@remix-run/react'
import { Icon } from '~/components/icons'
import { useHydrated } from '~/components/use-hydrated'
import { useLocale } from '~/components/use-locale'
import { useRootData } from '~/components/use-root-data'
import type { ColorModeFields } from '~/forms/color-mode'
import {
	type ColorMode,
	colorModeLabel,
	DEFAULT_COLOR_MODE,
	isColorMode,
	nextColorMode,
	type RouteHandle,
} from '~/utils/color-mode'

/** Posts to routes/resources.color-mode; one fetcher key so every reader sees the pending mode. */
const FETCHER_KEY = 'color-mode'

/**
 * The toggle is a plain form, not conform's: it is in the first load (docs/decisions/004) and
 * its values are fixed. The server parses it with its schema (app/forms/color-mode.ts); the
 * field names are checked against that schema here.
 */
type Field = keyof ColorModeFields

/**
 * The colour mode in force: a route's forced mode, else the visitor's choice (shown at once
 * while the fetcher saves it), else the default.
 */
export function useColorMode(): { stored: ColorMode; active: ColorMode; forced: boolean } {
	const matches = useMatches()
	const fetcher = useFetcher({ key: FETCHER_KEY })
	const rootData = useRootData()
	const pending = fetcher.formData?.get('mode' satisfies Field)
	const stored = isColorMode(pending) ? pending : (rootData?.colorMode ?? DEFAULT_COLOR_MODE)
	const forced = matches
		.map((match) => (match.handle as RouteHandle | undefined)?.colorMode)
		.filter(Boolean)
		.pop()
	return { stored, active: forced ?? stored, forced: forced !== undefined }
}

const icons: Record<ColorMode, 'moon' | 'sun' | 'monitor'> = {
	dark: 'moon',
	light: 'sun',
	system: 'monitor',
}

/** A button labelled by what it does; hidden on pages that force a colour mode. */
export function ColorModeToggle() {
	const { stored, forced } = useColorMode()
	const fetcher = useFetcher({ key: FETCHER_KEY })
	const location = useLocation()
	const hydrated = useHydrated()
	const locale = useLocale()
	if (forced) return null
	const next = nextColorMode(stored)
	const label = colorModeLabel(next, locale)
	return (
		<fetcher.Form method="POST" action="/resources/color-mode">
			<input type="hidden" name={'mode' satisfies Field} value={next} />
			{hydrated ? null : (
				<input
					type="hidden"
					name={'redirectTo' satisfies Field}
					value={`${location.pathname}${location.search}`}
				/>
			)}
			<button
				type="submit"
				title={label}
				className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
			>
				<Icon name={icons[stored]} className="h-5 w-5" />
				<span className="sr-only">{label}</span>
			</button>
		</fetcher.Form>
	)
}
