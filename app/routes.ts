/**
 * The route tree (Remix's `v3_routeConfig`, docs/decisions/145): Remix 2's flat-route file names,
 * read from one folder per part of the site, so a newcomer finds the owner's dashboard in
 * `routes/admin/`, the checkout in `routes/checkout/`, and a page's own pieces beside it (a route
 * with pieces is a folder with `route.tsx`). A file's name still spells its URL; the folder
 * only groups. Parents and their children share a folder, since nesting is read within one.
 *
 * Each route keeps the id it had when the routes were one flat folder (`routes/admin.orders.$id`):
 * the metrics label requests by it, the owner gate names the dashboard by it, and single fetch's
 * data requests carry it.
 */
import fs from 'node:fs'
import path from 'node:path'
import { flatRoutes } from '@remix-run/fs-routes'
import { getAppDirectory, type RouteConfig, type RouteConfigEntry } from '@remix-run/route-config'

const FOLDERS = [
	'landing',
	'workshop',
	'day',
	'checkout',
	'waitlist',
	'content',
	'account',
	'api',
	'admin',
	'site',
]

/** Not routes: tests, and server helpers several routes of a folder share. */
const ignoredRouteFiles = ['**/.*', '**/*.test.*', '**/*.shared.server.ts']

/** `routes/admin/admin.orders.$id/route.tsx` → `routes/admin.orders.$id`. */
function flatRouteId(file: string): string {
	const name = file
		.replace(/^routes\/[^/]+\//, '')
		.replace(/\/route\.[jt]sx?$/, '')
		.replace(/\.[jt]sx?$/, '')
	return `routes/${name}`
}

function withFlatIds(entries: RouteConfigEntry[]): RouteConfigEntry[] {
	return entries.map((entry) => ({
		...entry,
		id: flatRouteId(entry.file),
		children: entry.children && withFlatIds(entry.children),
	}))
}

// A route file straight in routes/, or in a folder not listed above, would be no route at all:
// the build stops and says so.
const unread = fs
	.readdirSync(path.join(getAppDirectory(), 'routes'), { withFileTypes: true })
	.filter((entry) => !entry.name.startsWith('.'))
	.filter((entry) => !(entry.isDirectory() && FOLDERS.includes(entry.name)))
if (unread.length > 0)
	throw new Error(
		`app/routes.ts reads only ${FOLDERS.join(', ')}: move ${unread.map((entry) => entry.name).join(', ')} into one of them (or list a new folder)`,
	)

const folders = await Promise.all(
	FOLDERS.map((folder) => flatRoutes({ rootDirectory: `routes/${folder}`, ignoredRouteFiles })),
)
const english = withFlatIds(folders.flat())

/**
 * The German site (docs/decisions/173): every page of these folders again under /de, from the
 * same module, so a page is written once and reads its language from the URL. Resource routes
 * (`.ts`: feeds, files, APIs) answer no visitor in words and stay English only; the unknown
 * path's 404 has a German twin for /de/anything. `isTranslatedPage` (utils/i18n.ts) lists the
 * same pages, and a test holds the two together.
 */
const GERMAN_FOLDERS = ['landing', 'workshop', 'day', 'waitlist', 'content', 'account', 'checkout']
/**
 * Pages of those folders with no German twin: the owner's sign-in (the dashboard is English).
 * The checkout folder's resource routes (the invoice's PDF, the payment provider's webhooks) have
 * none, being `.ts`.
 */
const ENGLISH_ONLY = ['routes/owner-sign-in']

const isPage = (entry: RouteConfigEntry) => entry.file.endsWith('.tsx')

/**
 * The pages `entry` stands for: itself, or, for a resource route that is the parent of pages
 * (POST /checkout, the parent of the checkout's pages: docs/decisions/176), those pages on their
 * own with its path before theirs. Its twin would be a second URL for the API, and it has no
 * page of its own to show.
 */
function pagesOf(entry: RouteConfigEntry): RouteConfigEntry[] {
	if (isPage(entry)) return [entry]
	return (entry.children ?? [])
		.filter((child) => isPage(child) && child.path)
		.map((child) => ({ ...child, path: `${entry.path}/${child.path}` }))
}

/** `routes/workshop.enrolled` → `routes/de.workshop.enrolled`, under /de at the top. */
function germanTwin(entry: RouteConfigEntry, top: boolean): RouteConfigEntry {
	const path = top ? (entry.path ? `de/${entry.path}` : 'de') : entry.path
	return {
		...entry,
		id: entry.id!.replace(/^routes\//, 'routes/de.'),
		path,
		children: entry.children?.filter(isPage).map((child) => germanTwin(child, false)),
	}
}

const german = english
	.filter(
		(entry) =>
			!ENGLISH_ONLY.includes(entry.id!) &&
			(GERMAN_FOLDERS.some((folder) => entry.file.startsWith(`routes/${folder}/`)) ||
				entry.id === 'routes/$'),
	)
	.flatMap(pagesOf)
	.map((entry) => germanTwin(entry, true))

export default [...english, ...german] satisfies RouteConfig
