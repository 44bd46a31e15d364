/**
 * The page cache strips every query parameter no page reads (decision 160), so its list of the
 * parameters read (`READ_PARAMS`) must name every one the code reads. This test reads the code.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { READ_PARAMS } from './page-cache-key.server'

const APP = path.resolve(__dirname, '..')

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name)
		if (entry.isDirectory()) return sourceFiles(file)
		return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
	})
}

/** A query read by name: `searchParams.get('token')`, `params.has('sent')`, `query.get('code')`. */
const NAMED_READ = /\b\w*(?:params|query|search)\w*\??\.(?:get|has|getAll)\(\s*(['"`])([^'"`]+)\1/gi
/** A query read by a name held elsewhere: `searchParams.get(name)`. */
const OTHER_READ = /\b\w*(?:params|query|search)\w*\??\.(?:get|has|getAll)\(\s*[^'"`\s)]/i
/** The whole query handed on: `Object.fromEntries(url.searchParams)`, `parse(url.searchParams)`. */
const WHOLE_QUERY = /[(,]\s*(?:new URL\([^)]*\)|\w+)\.(?:searchParams|search)\s*[,)]/

/**
 * Modules that read a query other than by a written name, and why the page cache may strip
 * parameters they do not name.
 */
const OTHER_READERS: Record<string, string> = {
	'domain/attribution.ts':
		'campaign parameters, read by server.ts from the request before the cache',
	'http/locale.server.ts': 'the language switch (?lang=), answered before the cache',
	'http/preview.server.ts': 'the preview parameters (listed), stripped before the cache',
	'http/page-cache-key.server.ts': 'the page cache itself, keying and stripping',
	'components/preview-bar.tsx': 'the preview parameters (listed), to leave the preview',
	'http/step-up.server.ts': "the owner's form posts: never a cached GET",
	'db/cursor.server.ts': "the owner's lists' sorting (listed)",
	'models/lists/filters.server.ts': "the owner's list filters: signed in, never cached",
	'routes/admin/': 'the owner is signed in: the page cache never renders for a session',
	'routes/account/unsubscribe.ts': 'a redirect passing the query on to the preferences page',
	'routes/site/[__github-emulator].login.oauth.authorize.tsx':
		"the emulator's authorize page (its names listed)",
	'integrations/github/emulator.server.ts': "the emulator's token answer: a POST",
	'routes/api/api.icons.$set/route.ts': 'the length of the whole URL, for a limit',
}

const readerOf = (file: string) =>
	Object.keys(OTHER_READERS).find((reader) => file.startsWith(reader))

describe('the parameters the page cache keeps', () => {
	const files = sourceFiles(APP).map((file) => ({
		name: path.relative(APP, file),
		text: fs.readFileSync(file, 'utf8'),
	}))

	test('every query parameter the code reads by name is one the page cache keeps', () => {
		const read = new Map<string, string>()
		for (const { name, text } of files)
			for (const match of text.matchAll(NAMED_READ)) read.set(match[2]!, name)
		// Sanity: the reader finds the reads it must.
		expect([...read.keys()]).toEqual(expect.arrayContaining(['token', 'code', 'sent', 'returnTo']))
		const keyed = ['pricing', 'category', 'friend']
		const missing = [...read].filter(([param]) => !READ_PARAMS.has(param) && !keyed.includes(param))
		expect(missing.map(([param, file]) => `${param} (${file})`)).toEqual([])
	})

	test('a module reading a query any other way is named with its reason', () => {
		const unexplained = files
			.filter(({ text }) => OTHER_READ.test(text) || WHOLE_QUERY.test(text))
			.map(({ name }) => name)
			.filter((name) => !readerOf(name))
		expect(unexplained).toEqual([])
	})

	test('the reader of other reads catches a read by a held name and a query handed on', () => {
		const planted = [
			'const value = url.searchParams.get(name)',
			'const filters = parseFilters(schema, url.searchParams)',
			'const all = Object.fromEntries(new URL(request.url).searchParams)',
		]
		for (const line of planted)
			expect(OTHER_READ.test(line) || WHOLE_QUERY.test(line), line).toBe(true)
		expect([..."searchParams.get('newone')".matchAll(NAMED_READ)][0]?.[2]).toBe('newone')
	})
})
