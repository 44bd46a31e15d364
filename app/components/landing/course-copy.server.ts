import type { IconName } from '~/components/icons'

/**
 * How long the lessons and exercises take, in hours: "What's included" says it, and search
 * engines read it as the course's workload (docs/decisions/169). The owner's estimate, a
 * placeholder until the modules are written: REPLACE BEFORE LAUNCH (content/site/README.md).
 */
const WORKLOAD_HOURS = 20

/**
 * The course landing page's own words (docs/decisions/050). Server-side only: the loader sends
 * the lead as data and the sections as the server's HTML (sections.server.tsx, decision 147).
 */
export const courseCopy = {
	lead: 'A hands-on course on building software with AI at your side: plan, prompt, review and ship real features faster, without giving up on quality.',
	outcomes: [
		{
			icon: 'sparkles',
			title: 'Prompt like an engineer',
			text: 'Turn a vague ticket into context, constraints and examples an assistant can act on.',
		},
		{
			icon: 'git-branch',
			title: 'Plan before you generate',
			text: 'Break features into reviewable steps, so AI output lands in small, safe commits.',
		},
		{
			icon: 'check',
			title: 'Test what the AI writes',
			text: 'Let tests drive the assistant and catch the plausible-looking bugs it leaves behind.',
		},
		{
			icon: 'shield',
			title: 'Review with judgement',
			text: 'Spot insecure, outdated or invented code, and know when to throw a suggestion away.',
		},
		{
			icon: 'terminal',
			title: 'Work with agents',
			text: 'Hand whole tasks to coding agents in your terminal and editor, and keep them on track.',
		},
		{
			icon: 'users',
			title: 'Bring it to your team',
			text: 'Shared prompts, conventions and guardrails that make AI help the whole team.',
		},
	] satisfies { icon: IconName; title: string; text: string }[],
	curriculum: [
		['Foundations', 'How language models read code, where they shine and where they fail.'],
		['Context is everything', 'Project rules, docs and examples that steer every answer.'],
		['From ticket to plan', 'Specs, task lists and checkpoints before a line is generated.'],
		['Test-first with AI', 'Red, green, refactor with an assistant that writes both sides.'],
		['Agents in practice', 'Multi-file changes, tool use and keeping a human in the loop.'],
		['Shipping and maintaining', 'Reviews, refactors, migrations and documentation at speed.'],
	] as const,
	/** The free sample lesson (content/lessons/), shown under its module in the outline (docs/decisions/087). */
	sampleLesson: {
		module: 'Context is everything',
		path: '/lessons/context-is-everything',
		label: 'Read a free sample lesson from this module',
	},
	audience: [
		'You write code for a living and want AI to make you faster without making you sloppier.',
		'You tried an assistant, got mixed results, and want a method instead of luck.',
		'You lead a team and need shared habits before everyone invents their own.',
	],
	workloadHours: WORKLOAD_HOURS,
	included: [
		'Every module as it is released, then lifetime access',
		`About ${WORKLOAD_HOURS} hours of lessons and exercises`,
		'Exercises with reference solutions in a real codebase',
		'Prompt and review checklists to keep',
		'Access to the community and the live Q&A sessions',
	],
} as const

export type CourseCopy = typeof courseCopy
