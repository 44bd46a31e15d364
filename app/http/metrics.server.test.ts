import type { AgnosticRouteObject } from '@remix-run/router'
import { describe, expect, test } from 'vitest'
import { carriesToken, routeLabel } from './metrics.server'

// The shape of the app's route tree: the root, a layout with an index, a dynamic page, a
// resource route with a dot in its path, and the catch-all.
const tree: AgnosticRouteObject[] = [
	{
		id: 'root',
		path: '',
		children: [
			{ id: 'routes/_index', index: true },
			{
				id: 'routes/workshop',
				path: 'workshop',
				children: [{ id: 'routes/workshop._index', index: true }],
			},
			{ id: 'routes/blog.$category.$slug', path: 'blog/:category/:slug', children: [] },
			{ id: 'routes/robots[.]txt', path: 'robots.txt', children: [] },
			{ id: 'routes/$', path: '*', children: [] },
		],
	},
]

describe('routeLabel', () => {
	test('a page is labelled with its Remix route id, whatever its parameters', () => {
		expect(routeLabel(tree, '/')).toBe('routes/_index')
		expect(routeLabel(tree, '/workshop')).toBe('routes/workshop._index')
		expect(routeLabel(tree, '/blog/ai/first-post')).toBe('routes/blog.$category.$slug')
		expect(routeLabel(tree, '/blog/ai/ada@example.com')).toBe('routes/blog.$category.$slug')
		expect(routeLabel(tree, '/robots.txt')).toBe('routes/robots[.]txt')
	})

	test('build files are "static"; any other unknown path is the catch-all, never the path', () => {
		expect(routeLabel(tree, '/assets/entry.client-abc123.js')).toBe('static')
		expect(routeLabel(tree, '/favicon.ico')).toBe('static')
		expect(routeLabel(tree, '/someone@example.com')).toBe('static')
		expect(routeLabel(tree, '/no/such/page')).toBe('routes/$')
		expect(routeLabel(tree, '/mail/someone@example')).toBe('routes/$')
	})
})

describe('carriesToken', () => {
	const token = 'a-token-of-some-length'

	test('accepts only `Bearer <token>`, the scheme in any case', () => {
		expect(carriesToken(`Bearer ${token}`, token)).toBe(true)
		expect(carriesToken(`bearer ${token}`, token)).toBe(true)
		expect(carriesToken(undefined, token)).toBe(false)
		expect(carriesToken('', token)).toBe(false)
		expect(carriesToken(token, token)).toBe(false)
		expect(carriesToken(`Bearer ${token}x`, token)).toBe(false)
		expect(carriesToken(`Bearer ${token.slice(1)}`, token)).toBe(false)
		expect(carriesToken(`Basic ${token}`, token)).toBe(false)
		expect(carriesToken(`Bearer ${token} extra`, token)).toBe(false)
	})
})
