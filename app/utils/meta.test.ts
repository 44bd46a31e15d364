import type { MetaArgs } from '@remix-run/node'
import { describe, expect, test } from 'vitest'
import { canonicalUrl, pageMeta } from './meta'

const origin = 'https://aidrivendev.com'

function metaFor(pathname: string, page?: Parameters<typeof pageMeta>[1]) {
	const args = {
		matches: [{ id: 'root', data: { origin } }],
		location: { pathname },
	} as unknown as MetaArgs
	return pageMeta(args, page)
}

describe('canonical URL', () => {
	test('is the bare origin for the home page', () => {
		expect(canonicalUrl(origin, '/')).toBe('https://aidrivendev.com')
	})

	test('is origin plus path elsewhere, without a trailing slash', () => {
		expect(canonicalUrl(origin, '/blog')).toBe('https://aidrivendev.com/blog')
		expect(canonicalUrl(origin, '/blog/')).toBe('https://aidrivendev.com/blog')
		expect(canonicalUrl(origin, '/for/vue')).toBe('https://aidrivendev.com/for/vue')
	})
})

describe('page meta', () => {
	test("a visitor's own page (an order, a pass) is kept out of search results; others are not", () => {
		const robots = { name: 'robots', content: 'noindex' }
		expect(metaFor('/pass/x', { title: 'Your pass', noindex: true })).toContainEqual(robots)
		expect(metaFor('/blog')).not.toContainEqual(robots)
	})

	test('the canonical URL of a page is in lower case, however its path was typed', () => {
		const canonical = { tagName: 'link', rel: 'canonical', href: `${origin}/workshop` }
		expect(metaFor('/Workshop')).toContainEqual(canonical)
		expect(metaFor('/WORKSHOP/')).toContainEqual(canonical)
		expect(metaFor('/WORKSHOP')).toContainEqual({
			property: 'og:url',
			content: `${origin}/workshop`,
		})
		// A visitor's own page keeps its path: its identifier may be case-sensitive.
		expect(metaFor('/pass/AbC', { noindex: true })).toContainEqual({
			tagName: 'link',
			rel: 'canonical',
			href: `${origin}/pass/AbC`,
		})
	})

	test('the home page has the site title, description, card and canonical', () => {
		const meta = metaFor('/')
		expect(meta).toContainEqual({ title: 'AI-Driven Development' })
		expect(meta).toContainEqual({
			name: 'description',
			content:
				'Join the next era of development. Discover how AI is reshaping coding, boosting productivity, and transforming the way developers build.',
		})
		expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' })
		expect(meta).toContainEqual({ property: 'og:url', content: origin })
		expect(meta).toContainEqual({ property: 'og:image', content: `${origin}/social.png` })
		expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: origin })
	})

	test('a page title is followed by the site title', () => {
		const meta = metaFor('/blog', { title: 'Blog', description: 'Posts' })
		expect(meta).toContainEqual({ title: 'Blog | AI-Driven Development' })
		expect(meta).toContainEqual({ property: 'og:description', content: 'Posts' })
		expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${origin}/blog` })
	})
})
