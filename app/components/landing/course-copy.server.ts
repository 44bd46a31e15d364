import type { IconName } from '~/components/icons'
import type { Locale } from '~/domain/locale'

/**
 * How long the lessons and exercises take, in hours: "What's included" says it, and search
 * engines read it as the course's workload (docs/decisions/169). The owner's estimate, a
 * placeholder until the modules are written: REPLACE BEFORE LAUNCH (content/site/README.md).
 */
const WORKLOAD_HOURS = 20

/** What the course landing page says, in one language. */
export type CourseCopy = {
	lead: string
	outcomes: readonly { icon: IconName; title: string; text: string }[]
	curriculum: readonly (readonly [title: string, text: string])[]
	/** The free sample lesson (content/lessons/), shown under its module in the outline (docs/decisions/087). */
	sampleLesson: { module: string; path: string; label: string }
	audience: readonly string[]
	workloadHours: number
	included: readonly string[]
}

/** The course landing page's own words in English (docs/decisions/050). */
const english: CourseCopy = {
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
	],
	curriculum: [
		['Foundations', 'How language models read code, where they shine and where they fail.'],
		['Context is everything', 'Project rules, docs and examples that steer every answer.'],
		['From ticket to plan', 'Specs, task lists and checkpoints before a line is generated.'],
		['Test-first with AI', 'Red, green, refactor with an assistant that writes both sides.'],
		['Agents in practice', 'Multi-file changes, tool use and keeping a human in the loop.'],
		['Shipping and maintaining', 'Reviews, refactors, migrations and documentation at speed.'],
	],
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
}

/** The same in German (decision 175): the sample lesson is the English one, under /de. */
const german: CourseCopy = {
	lead: 'Ein praxisnaher Kurs über Softwareentwicklung mit KI an Ihrer Seite: planen, prompten, prüfen und echte Features schneller ausliefern, ohne bei der Qualität nachzugeben.',
	outcomes: [
		{
			icon: 'sparkles',
			title: 'Prompten wie ein Engineer',
			text: 'Machen Sie aus einem vagen Ticket Kontext, Vorgaben und Beispiele, mit denen ein Assistent arbeiten kann.',
		},
		{
			icon: 'git-branch',
			title: 'Erst planen, dann generieren',
			text: 'Zerlegen Sie Features in prüfbare Schritte, damit KI-Code in kleinen, sicheren Commits landet.',
		},
		{
			icon: 'check',
			title: 'Testen, was die KI schreibt',
			text: 'Lassen Sie Tests den Assistenten führen und fangen Sie die plausibel wirkenden Fehler ab, die er hinterlässt.',
		},
		{
			icon: 'shield',
			title: 'Mit Urteilsvermögen prüfen',
			text: 'Erkennen Sie unsicheren, veralteten oder erfundenen Code und wissen Sie, wann ein Vorschlag in den Papierkorb gehört.',
		},
		{
			icon: 'terminal',
			title: 'Mit Agenten arbeiten',
			text: 'Übergeben Sie ganze Aufgaben an Coding-Agenten in Terminal und Editor und halten Sie sie auf Kurs.',
		},
		{
			icon: 'users',
			title: 'Ins Team tragen',
			text: 'Gemeinsame Prompts, Konventionen und Leitplanken, mit denen KI dem ganzen Team hilft.',
		},
	],
	curriculum: [
		['Grundlagen', 'Wie Sprachmodelle Code lesen, wo sie glänzen und wo sie scheitern.'],
		['Kontext ist alles', 'Projektregeln, Doku und Beispiele, die jede Antwort lenken.'],
		[
			'Vom Ticket zum Plan',
			'Specs, Aufgabenlisten und Checkpoints, bevor eine Zeile generiert wird.',
		],
		['Test-first mit KI', 'Red, green, refactor mit einem Assistenten, der beide Seiten schreibt.'],
		[
			'Agenten in der Praxis',
			'Änderungen über viele Dateien, Werkzeuge und der Mensch in der Schleife.',
		],
		['Ausliefern und pflegen', 'Reviews, Refactorings, Migrationen und Dokumentation im Tempo.'],
	],
	sampleLesson: {
		module: 'Kontext ist alles',
		path: english.sampleLesson.path,
		label: 'Eine kostenlose Beispiellektion aus diesem Modul lesen',
	},
	audience: [
		'Sie schreiben beruflich Code und wollen mit KI schneller werden, ohne nachlässiger zu werden.',
		'Sie haben einen Assistenten ausprobiert, gemischte Ergebnisse bekommen und wollen eine Methode statt Glück.',
		'Sie leiten ein Team und brauchen gemeinsame Gewohnheiten, bevor jeder seine eigenen erfindet.',
	],
	workloadHours: WORKLOAD_HOURS,
	included: [
		'Jedes Modul, sobald es erscheint, danach lebenslanger Zugang',
		`Rund ${WORKLOAD_HOURS} Stunden Lektionen und Übungen`,
		'Übungen mit Musterlösungen in einer echten Codebasis',
		'Prompt- und Review-Checklisten zum Behalten',
		'Zugang zur Community und zu den Live-Fragerunden',
	],
}

/**
 * The course landing page's words per language. Server-side only: the loader sends the lead as
 * data and the sections as the server's HTML (sections.server.tsx, decision 147).
 */
export const courseCopy: Record<Locale, CourseCopy> = { 'en-US': english, 'de-DE': german }
