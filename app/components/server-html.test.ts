import { describe, expect, test } from 'vitest'
import { inAppPath } from './server-html'

const here = {
	href: 'https://site.example/?pricing=global',
	origin: 'https://site.example',
	pathname: '/',
	search: '?pricing=global',
}

/** A click on a link with these attributes, plain unless `click` says otherwise. */
function clickOn(attributes: Record<string, string>, click: Partial<MouseEvent> = {}) {
	const anchor = {
		target: attributes.target ?? '',
		getAttribute: (name: string) => attributes[name] ?? null,
		hasAttribute: (name: string) => name in attributes,
	}
	const target = { closest: (selector: string) => (selector === 'a[href]' ? anchor : null) }
	return {
		defaultPrevented: false,
		button: 0,
		metaKey: false,
		altKey: false,
		ctrlKey: false,
		shiftKey: false,
		target: target as unknown as EventTarget,
		...click,
	}
}

describe('a link in a server-rendered section', () => {
	test('to another page of the site is a client-side navigation, query and fragment kept', () => {
		expect(inAppPath(clickOn({ href: '/lessons/context-is-everything' }), here)).toBe(
			'/lessons/context-is-everything',
		)
		expect(inAppPath(clickOn({ href: '/workshop?ref=x#sessions' }), here)).toBe(
			'/workshop?ref=x#sessions',
		)
		expect(inAppPath(clickOn({ href: 'https://site.example/blog' }), here)).toBe('/blog')
	})

	test('the browser follows it off the site, to a place on this page, or in a new tab or download', () => {
		expect(inAppPath(clickOn({ href: 'https://elsewhere.example/' }), here)).toBeNull()
		expect(inAppPath(clickOn({ href: '#faq' }), here)).toBeNull()
		expect(inAppPath(clickOn({ href: '/workshop', target: '_blank' }), here)).toBeNull()
		expect(inAppPath(clickOn({ href: '/invoice.pdf', download: '' }), here)).toBeNull()
		for (const modifier of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const)
			expect(inAppPath(clickOn({ href: '/workshop' }, { [modifier]: true }), here)).toBeNull()
		expect(inAppPath(clickOn({ href: '/workshop' }, { button: 1 }), here)).toBeNull()
		expect(inAppPath(clickOn({ href: '/workshop' }, { defaultPrevented: true }), here)).toBeNull()
	})

	test('a click outside any link is left alone', () => {
		const click = { ...clickOn({}), target: { closest: () => null } as unknown as EventTarget }
		expect(inAppPath(click, here)).toBeNull()
	})
})
