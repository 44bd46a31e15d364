import { describe, expect, test } from 'vitest'
import { startAfterFirstPaint } from './scripts-after-first-paint.server'

/**
 * A page with a template of `count` elements, frames and tasks run by hand, and a paint
 * observer the test reports entries to.
 */
function page(count: number, { paintTiming = true } = {}) {
	const appended: string[] = []
	const frames: (() => void)[] = []
	const tasks: { run: () => void; delay: number; done: boolean }[] = []
	let report: ((names: string[]) => void) | undefined
	const doc = {
		importNode: () => ({
			children: Array.from({ length: count }, (_, index) => `element ${index}`),
		}),
		body: { append: (...elements: string[]) => appended.push(...elements) },
	} as unknown as Document
	class Observer {
		static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource']
		constructor(
			callback: (
				list: { getEntriesByName(name: string): unknown[] },
				observer: { disconnect(): void },
			) => void,
		) {
			report = (names) =>
				callback(
					{ getEntriesByName: (name) => names.filter((entry) => entry === name) },
					{ disconnect: () => (report = undefined) },
				)
		}
		observe() {}
	}
	startAfterFirstPaint(
		doc,
		{} as HTMLTemplateElement,
		(callback) => frames.push(callback),
		// A task's handle is its index plus one (what push returns).
		(callback, delay = 0) => tasks.push({ run: callback, delay, done: false }),
		(task) => {
			tasks[(task as number) - 1]!.done = true
		},
		Observer,
	)
	return {
		appended,
		runFrame: () => frames.shift()!(),
		runTasks: (delay: number) => {
			for (const task of tasks.filter((task) => task.delay === delay && !task.done)) {
				task.done = true
				task.run()
			}
		},
		pendingTasks: () => tasks.filter((task) => !task.done),
		reportPaints: (...names: string[]) => report?.(names),
	}
}

describe('the page’s scripts start after its first contentful paint', () => {
	test('nothing is inserted before two frames have run and the contentful paint is reported', () => {
		const tab = page(3)
		tab.runFrame()
		tab.reportPaints('first-paint', 'first-contentful-paint')
		expect(tab.appended).toEqual([])
		tab.runFrame()
		expect(tab.appended).toEqual([])
		tab.reportPaints('first-contentful-paint')
		expect(tab.appended).toEqual(['element 0', 'element 1', 'element 2'])
	})

	test('a first paint without content (the background alone) starts nothing', () => {
		const tab = page(3)
		tab.runFrame()
		tab.runFrame()
		tab.reportPaints('first-paint')
		expect(tab.appended).toEqual([])
		tab.reportPaints('first-contentful-paint')
		expect(tab.appended).toHaveLength(3)
	})

	test('the elements go in eight per task, in the template’s order', () => {
		const tab = page(20)
		tab.runFrame()
		tab.runFrame()
		tab.reportPaints('first-paint', 'first-contentful-paint')
		expect(tab.appended).toHaveLength(8)
		tab.runTasks(0)
		expect(tab.appended).toHaveLength(16)
		tab.runTasks(0)
		expect(tab.appended).toEqual(Array.from({ length: 20 }, (_, index) => `element ${index}`))
		expect(tab.pendingTasks()).toEqual([])
	})

	test('once started, the one-second fallback is cancelled and nothing is inserted twice', () => {
		const tab = page(3)
		tab.runFrame()
		tab.runFrame()
		tab.reportPaints('first-contentful-paint')
		tab.runTasks(1000)
		tab.reportPaints('first-contentful-paint')
		expect(tab.appended).toHaveLength(3)
	})

	test('a contentful paint never reported starts the page a second after its frames', () => {
		const tab = page(3)
		tab.runFrame()
		tab.runFrame()
		expect(tab.appended).toEqual([])
		tab.runTasks(1000)
		expect(tab.appended).toHaveLength(3)
		tab.reportPaints('first-contentful-paint')
		expect(tab.appended).toHaveLength(3)
	})

	test('a browser without paint timing starts right after the frames', () => {
		const tab = page(3, { paintTiming: false })
		tab.runFrame()
		expect(tab.appended).toEqual([])
		tab.runFrame()
		expect(tab.appended).toHaveLength(3)
	})
})
