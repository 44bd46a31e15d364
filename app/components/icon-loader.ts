/**
 * Icons named in content that are not bundled with the site ("custom icons", `set:name`), loaded
 * in the browser from the local icon endpoint (`/api/icons/{set}.json`, the site's own set) or a
 * public icon service with the same API (ICON_SERVICE_URL, e.g. Iconify's), with SPEC §9's
 * limits: request URLs of at most 500 characters, 5000 ms per request, and the next source
 * asked too when one has not answered within 750 ms. See docs/decisions/091.
 */

import { parseIconName } from '~/components/icons'

export const ICON_REQUESTS = {
	maxUrlLength: 500,
	timeoutMs: 5000,
	rotateMs: 750,
} as const

/** Where the site serves its own icon set (app/routes/api/api.icons.$set/route.ts). */
export const LOCAL_ICON_ENDPOINT = '/api/icons'

export const ICON_LOAD_WARNING = 'Failed to load custom icons'

/** An icon as the Iconify JSON format has it: SVG content for a viewBox of width × height. */
export type IconData = { body: string; width: number; height: number }

/** The request URL for `names` of one set on one source (the Iconify API's shape). */
export function iconUrl(base: string, set: string, names: string[]): string {
	return `${base.replace(/\/+$/, '')}/${set}.json?icons=${names.join(',')}`
}

/**
 * `names` of one set in as few requests as fit: each request's URL at most `maxLength`
 * characters (SPEC §9) on every source in `bases`. A name too long for any URL is left out.
 */
export function chunkIconNames(
	bases: string[],
	set: string,
	names: string[],
	maxLength: number = ICON_REQUESTS.maxUrlLength,
): string[][] {
	const longest = bases.reduce((a, b) => (b.length > a.length ? b : a), '')
	const fits = (list: string[]) => iconUrl(longest, set, list).length <= maxLength
	const chunks: string[][] = []
	let current: string[] = []
	for (const name of names) {
		if (!fits([name])) continue
		if (current.length > 0 && !fits([...current, name])) {
			chunks.push(current)
			current = []
		}
		current.push(name)
	}
	if (current.length > 0) chunks.push(current)
	return chunks
}

type Fetch = (url: string, init: { signal: AbortSignal }) => Promise<Response>

/**
 * Asks the sources in turn, Iconify style: the first at once; the next as soon as one fails, or
 * when none has answered within `rotateMs`; each request gives up after `timeoutMs`. The first
 * good answer wins and the others are cancelled; rejects when every source failed.
 */
export function firstAnswer<T>(
	urls: string[],
	read: (response: Response) => Promise<T>,
	{
		fetch: fetchImpl = (url, init) => fetch(url, init),
		rotateMs = ICON_REQUESTS.rotateMs,
		timeoutMs = ICON_REQUESTS.timeoutMs,
	}: { fetch?: Fetch; rotateMs?: number; timeoutMs?: number } = {},
): Promise<T> {
	return new Promise<T>((resolve, reject) => {
		const controllers: AbortController[] = []
		const timers: ReturnType<typeof setTimeout>[] = []
		let next = 0
		let failed = 0
		let settled = false
		const finish = () => {
			settled = true
			for (const timer of timers) clearTimeout(timer)
			for (const controller of controllers) controller.abort()
		}
		const fail = () => {
			failed++
			if (settled) return
			if (failed === urls.length) {
				finish()
				reject(new Error('no icon source answered'))
			} else startNext()
		}
		const startNext = () => {
			if (settled || next >= urls.length) return
			const url = urls[next++]!
			const controller = new AbortController()
			controllers.push(controller)
			timers.push(setTimeout(() => controller.abort(), timeoutMs))
			// Not answered in time: ask the next source as well.
			timers.push(setTimeout(startNext, rotateMs))
			fetchImpl(url, { signal: controller.signal })
				.then((response) => {
					if (!response.ok) throw new Error(`${response.status}`)
					return read(response)
				})
				.then((value) => {
					if (settled) return
					finish()
					resolve(value)
				}, fail)
		}
		if (urls.length === 0) reject(new Error('no icon source'))
		else startNext()
	})
}

type IconSetAnswer = {
	icons?: Record<string, Partial<IconData>>
	width?: number
	height?: number
}

/**
 * Loads `names` (`set:name`) from `sources` (base URLs, in order of preference). Icons that
 * could not be loaded are missing from the result, and a warning lists them.
 */
export async function loadIcons(
	names: string[],
	sources: string[],
	options: { fetch?: Fetch; rotateMs?: number; timeoutMs?: number } = {},
): Promise<Map<string, IconData>> {
	const bySet = new Map<string, string[]>()
	for (const full of new Set(names)) {
		const parsed = parseIconName(full)
		if (!parsed) continue
		bySet.set(parsed.set, [...(bySet.get(parsed.set) ?? []), parsed.name])
	}
	const loaded = new Map<string, IconData>()
	const requests: Promise<void>[] = []
	for (const [set, setNames] of bySet) {
		// The same chunks for every source, so that any source can answer any request.
		for (const chunk of chunkIconNames(sources, set, setNames)) {
			const urls = sources.map((source) => iconUrl(source, set, chunk))
			requests.push(
				firstAnswer(urls, (response) => response.json() as Promise<IconSetAnswer>, options).then(
					(answer) => {
						for (const name of chunk) {
							const icon = answer.icons?.[name]
							if (typeof icon?.body !== 'string') continue
							loaded.set(`${set}:${name}`, {
								body: icon.body,
								width: icon.width ?? answer.width ?? 16,
								height: icon.height ?? answer.height ?? 16,
							})
						}
					},
					() => {},
				),
			)
		}
	}
	await Promise.all(requests)
	const missing = [...new Set(names)].filter((name) => !loaded.has(name))
	if (missing.length > 0) console.warn(ICON_LOAD_WARNING, missing)
	return loaded
}

const SVG_ELEMENTS = new Set([
	'g',
	'path',
	'circle',
	'ellipse',
	'line',
	'polyline',
	'polygon',
	'rect',
])
const SVG_ATTRIBUTES = new Set([
	'd',
	'cx',
	'cy',
	'r',
	'rx',
	'ry',
	'x',
	'y',
	'x1',
	'x2',
	'y1',
	'y2',
	'width',
	'height',
	'points',
	'fill',
	'fill-rule',
	'clip-rule',
	'opacity',
	'fill-opacity',
	'stroke',
	'stroke-width',
	'stroke-linecap',
	'stroke-linejoin',
	'stroke-opacity',
	'stroke-miterlimit',
	'stroke-dasharray',
	'transform',
])

/**
 * The icon's SVG content if it holds nothing but shapes with presentation attributes, else
 * null: icon data may come from another site, and it is put into the page as markup.
 */
export function safeIconBody(body: string): string | null {
	const tag = /<\s*(\/?)\s*([a-zA-Z][\w-]*)((?:\s+[a-zA-Z][\w:-]*\s*=\s*"[^"<>]*")*)\s*(\/?)\s*>/g
	let rest = body
	for (const match of body.matchAll(tag)) {
		const [, , name, attributes] = match
		if (!SVG_ELEMENTS.has(name!)) return null
		for (const attribute of attributes!.matchAll(/([a-zA-Z][\w:-]*)\s*=\s*"([^"]*)"/g)) {
			if (!SVG_ATTRIBUTES.has(attribute[1]!)) return null
			if (/url\s*\(|javascript:|&/i.test(attribute[2]!)) return null
		}
		rest = rest.replace(match[0], '')
	}
	// Between the tags: nothing but white space.
	return rest.trim() === '' ? body : null
}
