/**
 * The routes live in folders by part of the site (app/routes.ts, docs/decisions/145), but the
 * tree the server serves is the one the flat folder gave: every route keeps its id, its parent
 * and its URL. route-tree.txt is that tree, written from the flat folder before the move.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

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
})
