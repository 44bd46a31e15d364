/**
 * The routes live in folders by part of the site (app/routes.ts, docs/decisions/145), but the
 * tree the server serves is the one the flat folder gave: every route keeps its id, its parent
 * and its URL. route-tree.txt is that tree, written from the flat folder before the move, plus
 * the German twins under /de (docs/decisions/173).
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isTranslatedPage } from '~/utils/i18n'

const root = path.resolve(import.meta.dirname, '../..')

describe('the route tree', () => {
	it('keeps every route id, parent and URL of the flat routes folder', async () => {
		const build = await import(path.join(root, 'build/server/index.js'))
		const routes = Object.values(build.routes) as {
			id: string
			parentId?: string
			path?: string
			index?: boolean
		}[]
		const tree = routes
			.filter((route) => route.id !== 'root')
			.map((route) =>
				[route.id, route.parentId, route.index ? '(index)' : (route.path ?? '(pathless)')].join(
					' ',
				),
			)
			.sort()
		const expected = fs
			.readFileSync(path.join(import.meta.dirname, 'route-tree.txt'), 'utf8')
			.trim()
			.split('\n')
		expect(tree).toEqual(expected)
	})

	it('gives a German twin to exactly the pages isTranslatedPage names (hreflang, redirects)', async () => {
		const build = await import(path.join(root, 'build/server/index.js'))
		const routes = build.routes as Record<string, { id: string; parentId?: string; path?: string }>
		/** The route's URL with each parameter filled in, as a visitor would ask for it. */
		const urlOf = (id: string): string => {
			const route = routes[id]!
			const parent = route.parentId && route.parentId !== 'root' ? urlOf(route.parentId) : ''
			const own = (route.path ?? '').replace(/:[^/]+/g, 'x')
			return own ? `${parent}/${own}` : parent || '/'
		}
		const ids = Object.keys(routes).filter((id) => id !== 'root' && !id.endsWith('$'))
		const twinned = new Set(
			ids
				.filter((id) => id.startsWith('routes/de.'))
				.map((id) => id.replace('routes/de.', 'routes/')),
		)
		expect(twinned.size).toBeGreaterThan(20)
		for (const id of ids.filter((id) => !id.startsWith('routes/de.'))) {
			const url = urlOf(id)
			// Layouts without a page of their own (routes/workshop has its index) count as their index.
			expect(isTranslatedPage(url), `${id} ${url}`).toBe(twinned.has(id))
		}
	})
})
