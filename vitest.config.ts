import path from 'node:path'
import { defineConfig } from 'vitest/config'

export default defineConfig({
	resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
		environment: 'node',
		// Integration suites start real servers; two cores are shared with them.
		maxWorkers: 2,
		testTimeout: 60_000,
		hookTimeout: 120_000,
	},
})
