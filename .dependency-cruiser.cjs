/**
 * The layer rules of docs/ARCHITECTURE.md, checked by `npm run lint` (docs/decisions/099).
 * Arrows point one way: routes → models → db / integrations; utils/ (pure helpers) and forms/
 * may be used from anywhere. A type-only import erases at build time and couples nothing at
 * run time, so the rules are about runtime imports, as the architecture page words them.
 * Tests may reach across layers to set up what they check.
 */
const runtimeOnly = { dependencyTypesNot: ['type-only'] }
// A cycle counts when its modules import each other as the code loads: not through types, nor
// through an `import()` (an island's chunk, loaded later, may use the layout that declares it).
const loadTimeOnly = { dependencyTypesNot: ['type-only', 'dynamic-import'] }
const notATest = '\\.test\\.tsx?$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
	forbidden: [
		{
			name: 'no-circular',
			severity: 'error',
			comment: 'A runtime import cycle: something lives in the wrong folder.',
			from: { path: '^(app/|server\\.ts)' },
			to: { circular: true, viaOnly: loadTimeOnly },
		},
		{
			name: 'components-not-to-routes-or-server',
			severity: 'error',
			comment:
				'Components are React only: they never import routes or server code, except types (ARCHITECTURE.md).',
			from: { path: '^app/components/', pathNot: [notATest, '\\.server\\.tsx?$'] },
			to: {
				path: ['^app/routes/', '^app/root\\.tsx$', '^app/(http|db|jobs)/', '\\.server\\.tsx?$'],
				...runtimeOnly,
			},
		},
		{
			name: 'integrations-not-to-components',
			severity: 'error',
			comment: 'An integration is an outside service behind capabilities: no React, no routes.',
			from: { path: '^app/integrations/', pathNot: notATest },
			to: { path: ['^app/(components|routes|http)/', '^app/root\\.tsx$'], ...runtimeOnly },
		},
		{
			name: 'models-not-to-routes-components-or-http',
			severity: 'error',
			comment:
				'Models take parsed values, never a Request: no routes, components or HTTP plumbing (app/http/).',
			from: { path: '^app/models/', pathNot: notATest },
			to: { path: ['^app/(routes|components|http)/', '^app/root\\.tsx$'], ...runtimeOnly },
		},
		{
			name: 'db-not-to-models-or-utils',
			severity: 'error',
			comment:
				'db/ is the schema, client and migrations: the bottom layer, it imports no other layer.',
			from: { path: '^app/db/', pathNot: notATest },
			to: {
				path: ['^app/(models|utils|routes|components|http|integrations|jobs)/', '^app/root\\.tsx$'],
				...runtimeOnly,
			},
		},
		{
			name: 'utils-are-pure',
			severity: 'error',
			comment:
				'utils/ holds pure, browser-safe helpers: no server code, no React components, no routes.',
			from: { path: '^app/utils/', pathNot: notATest },
			to: {
				path: ['^app/(http|routes|components|db|jobs|integrations)/', '\\.server\\.tsx?$'],
				...runtimeOnly,
			},
		},
		{
			name: 'http-not-to-routes-or-components',
			severity: 'error',
			comment: 'app/http/ is plumbing under the routes: it never imports a route or a component.',
			from: { path: '^app/http/', pathNot: notATest },
			to: { path: ['^app/(routes|components)/', '^app/root\\.tsx$'], ...runtimeOnly },
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
