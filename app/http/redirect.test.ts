import { describe, expect, test } from 'vitest'
import { sameSitePath } from './redirect'

describe('sameSitePath (docs/decisions/069)', () => {
	test.each([
		'//evil.example',
		'//evil.example/?preview=false',
		'/\\evil.example',
		'\\\\evil.example',
		'\\/evil.example',
		'/\t/evil.example',
		'/\n/evil.example',
		'/\r\n/evil.example',
		' //evil.example',
		'\u0000//evil.example',
		'/.//evil.example',
		'/..//evil.example',
		'https://evil.example/',
		'http:evil.example',
		'HTTPS:\\\\evil.example',
		'javascript:alert(1)',
		'data:text/html,x',
		'',
		null,
		undefined,
		42,
	])('%j goes to the fallback', (value) => {
		expect(sameSitePath(value, '/home')).toBe('/home')
	})

	test.each([
		['/blog', '/blog'],
		['/blog?page=2#latest', '/blog?page=2#latest'],
		['/a/../b', '/b'],
		['blog', '/blog'],
		['?x=1', '/?x=1'],
		['/%09/evil.example', '/%09/evil.example'],
		['/caf\u00e9', '/caf%C3%A9'],
	])('%j stays on the site as %j', (value, path) => {
		expect(sameSitePath(value)).toBe(path)
	})

	test('every kept path resolves, in a browser, to the site itself', () => {
		for (const value of ['/x', '/./y', '/%2f%2fevil.example', '/\t\\x']) {
			const path = sameSitePath(value)
			expect(new URL(path, 'https://aidrivendev.com/page').origin).toBe('https://aidrivendev.com')
		}
	})
})
