/**
 * The layer rules of docs/ARCHITECTURE.md, checked by `npm run lint` (docs/decisions/099, 140).
 * Arrows point down: routes → components → http → models → integrations → jobs → db → content →
 * forms → utils → domain. A type import couples the layers as much as any other (it names what
 * the lower layer must provide), so these rules count type-only imports too; each has a test in
 * scripts/lint-checks.test.ts that plants the mistake in a small tree and sees the lint fail.
 * Tests may reach across layers to set up what they check.
 */
const notATest = '\\.test\\.tsx?$'
const everyLayerAbove = (...layers) => [
	`^app/(${layers.join('|')})/`,
	'^app/root\\.tsx$',
	'^app/entry\\.(server|client)\\.tsx$',
	'^app/job-worker\\.server\\.ts$',
	'^server\\.ts$',
]

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'no-circular',
			severity: 'error',
			comment: 'An import cycle: something lives in the wrong folder.',
			from: { path: '^(app/|server\\.ts)' },
			// Every import counts: static, dynamic (`import()`) and type-only alike (decision 147).
			to: { circular: true },
		},
		{
			name: 'domain-is-the-bottom',
			severity: 'error',
			comment:
				'domain/ holds the pure rules every layer uses: it imports nothing of the app but itself, and no package.',
			from: { path: '^app/domain/', pathNot: notATest },
			to: { pathNot: '^app/domain/' },
		},
		{
			name: 'components-not-to-routes-or-server',
			severity: 'error',
			comment:
				'Components are React only: they never import routes, nor server code but its types (ARCHITECTURE.md).',
			from: { path: '^app/components/', pathNot: [notATest, '\\.server\\.tsx?$'] },
			to: {
				path: ['^app/(http|db|jobs)/', '\\.server\\.tsx?$'],
				dependencyTypesNot: ['type-only'],
			},
		},
		{
			name: 'components-not-to-routes',
			severity: 'error',
			comment: 'Routes compose components, never the other way, not even for a type.',
			from: { path: '^app/components/', pathNot: notATest },
			to: { path: ['^app/routes/', '^app/root\\.tsx$'] },
		},
		{
			name: 'http-not-to-routes-or-components',
			severity: 'error',
			comment: 'app/http/ is plumbing under the routes: it never imports a route or a component.',
			from: { path: '^app/http/', pathNot: notATest },
			to: { path: everyLayerAbove('routes', 'components') },
		},
		{
			name: 'models-not-to-routes-components-or-http',
			severity: 'error',
			comment:
				'Models take parsed values, never a Request: no routes, components or HTTP plumbing (app/http/).',
			from: { path: '^app/models/', pathNot: notATest },
			to: { path: everyLayerAbove('routes', 'components', 'http') },
		},
		{
			name: 'integrations-not-to-models-or-components',
			severity: 'error',
			comment:
				'An integration is an outside service behind the capabilities: no models, no React, no routes.',
			from: { path: '^app/integrations/', pathNot: notATest },
			to: { path: everyLayerAbove('routes', 'components', 'http', 'models') },
		},
		{
			name: 'jobs-not-to-capabilities',
			severity: 'error',
			comment:
				'jobs/ is the queue and the worker: the jobs themselves are listed by the composition root (app/job-worker.server.ts).',
			from: { path: '^app/jobs/', pathNot: notATest },
			to: { path: everyLayerAbove('routes', 'components', 'http', 'models', 'integrations') },
		},
		{
			name: 'db-not-to-models-or-utils',
			severity: 'error',
			comment:
				'db/ is the schema, client and migrations: under every capability, it imports only domain/ and content-free helpers.',
			from: { path: '^app/db/', pathNot: notATest },
			to: {
				path: [
					...everyLayerAbove('routes', 'components', 'http', 'models', 'integrations', 'jobs'),
					'^app/utils/',
				],
			},
		},
		{
			name: 'content-not-to-http-or-components',
			severity: 'error',
			comment:
				"content/ reads the site's words and pages: it never imports HTTP plumbing, models or components. The one exception is the build-time MDX compiler, which renders the content blocks (ARCHITECTURE.md).",
			from: { path: '^app/content/', pathNot: [notATest, '^app/content/compile\\.server\\.tsx$'] },
			to: {
				path: everyLayerAbove(
					'routes',
					'components',
					'http',
					'models',
					'integrations',
					'jobs',
					'db',
				),
			},
		},
		{
			name: 'utils-are-pure',
			severity: 'error',
			comment:
				'utils/ holds pure, browser-safe helpers: no server code, no React components, no routes, no capability.',
			from: { path: '^app/utils/', pathNot: notATest },
			to: {
				path: [
					...everyLayerAbove(
						'routes',
						'components',
						'http',
						'models',
						'integrations',
						'jobs',
						'db',
						'content',
					),
					'\\.server\\.tsx?$',
				],
			},
		},
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		exclude: { path: ['^node_modules', '^build/'] },
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'tsconfig.json' },
		enhancedResolveOptions: {
			exportsFields: ['exports'],
			conditionNames: ['import', 'require', 'node', 'default', 'types'],
			extensions: ['.ts', '.tsx', '.js', '.jsx', '.d.ts'],
		},
	},
}
