import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'

// The lint's structure checks run on a small tree in a temporary folder, so each test shows the
// check failing on exactly the mistake it exists for (and passing without it).
const repo = path.resolve(import.meta.dirname, '..')
const depcruise = path.join(repo, 'node_modules/.bin/depcruise')
const config = path.join(repo, '.dependency-cruiser.cjs')

let dir: string
function tree(files: Record<string, string>) {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-checks-'))
	const tsconfig = { compilerOptions: { baseUrl: '.', paths: { '~/*': ['./app/*'] } } }
	for (const [file, text] of Object.entries({
		'tsconfig.json': JSON.stringify(tsconfig),
		...files,
	})) {
		fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
		fs.writeFileSync(path.join(dir, file), text)
	}
}
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

function cruise() {
	const run = spawnSync(depcruise, ['app', '--config', config], { cwd: dir, encoding: 'utf8' })
	return { status: run.status, output: run.stdout + run.stderr }
}

function checkSizes() {
	const script = path.join(repo, 'scripts/check-module-size.js')
	const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' })
	return { status: run.status, output: run.stdout + run.stderr }
}

describe('layer rules (dependency-cruiser)', () => {
	test('db importing a model fails the lint, naming the rule and both files', () => {
		tree({
			'app/models/pricing.ts': 'export const GLOBAL = "GLOBAL"\n',
			'app/db/seed.server.ts':
				"import { GLOBAL } from '~/models/pricing'\nexport const x = GLOBAL\n",
		})
		const { status, output } = cruise()
		expect(status).not.toBe(0)
		expect(output).toContain(
			'db-not-to-models-or-utils: app/db/seed.server.ts → app/models/pricing.ts',
		)
	})

	test('a component importing server code fails; importing its types does not', () => {
		tree({
			'app/http/session.server.ts': 'export type Profile = { id: string }\nexport const get = 1\n',
			'app/components/typed.tsx':
				"import type { Profile } from '~/http/session.server'\nexport type P = Profile\n",
		})
		expect(cruise().status).toBe(0)
		fs.writeFileSync(
			path.join(dir, 'app/components/server.tsx'),
			"import { get } from '~/http/session.server'\nexport const y = get\n",
		)
		const { status, output } = cruise()
		expect(status).not.toBe(0)
		expect(output).toContain('components-not-to-routes-or-server: app/components/server.tsx')
	})

	// Each layer rule, with the mistake it exists for planted as a type import: a type names what
	// the lower layer must provide, so it couples the layers as much as a value does.
	const upward: [rule: string, from: string, to: string][] = [
		['domain-is-the-bottom', 'app/domain/price.ts', 'app/models/order.server.ts'],
		['components-not-to-routes', 'app/components/card.tsx', 'app/routes/page.tsx'],
		['http-not-to-routes-or-components', 'app/http/answer.server.ts', 'app/components/card.tsx'],
		[
			'models-not-to-routes-components-or-http',
			'app/models/order.server.ts',
			'app/http/answer.server.ts',
		],
		[
			'integrations-not-to-models-or-components',
			'app/integrations/mail.server.ts',
			'app/models/order.server.ts',
		],
		['jobs-not-to-capabilities', 'app/jobs/worker.server.ts', 'app/models/order.server.ts'],
		['jobs-not-to-capabilities', 'app/jobs/worker.server.ts', 'app/integrations/mail.server.ts'],
		['db-not-to-models-or-utils', 'app/db/schema.server.ts', 'app/integrations/mail.server.ts'],
		[
			'content-not-to-http-or-components',
			'app/content/pages.server.ts',
			'app/http/answer.server.ts',
		],
		['utils-are-pure', 'app/utils/meta.ts', 'app/content/schema.ts'],
	]
	test.each(upward)('%s: %s importing a type from %s fails the lint', (rule, from, to) => {
		const specifier = `~/${to.slice('app/'.length).replace(/\.tsx?$/, '')}`
		tree({
			[to]: 'export type Thing = { id: string }\n',
			[from]: `import type { Thing } from '${specifier}'\nexport type Mine = Thing\n`,
		})
		const { status, output } = cruise()
		expect(status).not.toBe(0)
		expect(output).toContain(`${rule}: ${from} → ${to}`)
	})

	test('the same imports pointing down pass, and the content build may render components', () => {
		tree({
			'app/domain/price.ts': 'export type Price = { amount: number }\n',
			'app/models/order.server.ts':
				"import type { Price } from '~/domain/price'\nexport type Order = { price: Price }\n",
			'app/integrations/mail.server.ts':
				"import type { Price } from '~/domain/price'\nexport type Mail = { price: Price }\n",
			'app/http/answer.server.ts':
				"import type { Order } from '~/models/order.server'\nexport type Answer = Order\n",
			'app/components/block.tsx': 'export const Block = () => null\n',
			'app/content/compile.server.tsx':
				"import { Block } from '~/components/block'\nexport const blocks = [Block]\n",
		})
		const { status, output } = cruise()
		expect(output).not.toContain('error')
		expect(status).toBe(0)
	})

	test('a runtime import cycle fails the lint as no-circular', () => {
		tree({
			'app/utils/a.ts': "import { b } from './b'\nexport const a = () => b\n",
			'app/utils/b.ts': "import { a } from './a'\nexport const b = () => a\n",
		})
		const { status, output } = cruise()
		expect(status).not.toBe(0)
		expect(output).toContain('no-circular')
	})

	// Decision 147: a cycle through a type or an `import()` is still two modules that each need
	// the other, so the rule counts them too.
	test.each([
		['a type import', "import type { B } from './b'\nexport type A = { b?: B }\n"],
		['a dynamic import', "export const a = () => import('./b').then((m) => m.b)\n"],
	])('a cycle through %s fails the lint as no-circular', (_kind, aSource) => {
		tree({
			'app/components/a.tsx': aSource,
			'app/components/b.tsx':
				"import type { A } from './a'\nexport type B = A\nexport const b = 1\n",
		})
		const { status, output } = cruise()
		expect(status).not.toBe(0)
		expect(output).toContain('no-circular: app/components/a.tsx')
	})
})

describe('module size', () => {
	test('a module over 300 lines fails, named; a catalogue or a test may be longer', () => {
		const long = 'export const x = 1\n'.repeat(301)
		tree({
			'app/config.server.ts': long,
			'app/models/long.server.test.ts': long,
			'app/models/fine.server.ts': 'export const x = 1\n'.repeat(300),
		})
		expect(checkSizes().status).toBe(0)
		fs.writeFileSync(path.join(dir, 'app/models/long.server.ts'), long)
		const { status, output } = checkSizes()
		expect(status).toBe(1)
		expect(output).toContain('app/models/long.server.ts: 301 lines, over 300')
	})

	test('server.ts over 300 lines fails too', () => {
		tree({
			'app/models/fine.server.ts': 'export const x = 1\n',
			'server.ts': 'export const x = 1\n'.repeat(301),
		})
		const { status, output } = checkSizes()
		expect(status).toBe(1)
		expect(output).toContain('server.ts: 301 lines, over 300')
	})
})
