import { describe, expect, test } from 'vitest'
import { asJobWork, asProbe, takeTurns } from './turns.server'

/** A piece of work that records when it ran, holding the connection for a moment. */
function piece(order: string[], name: string) {
	return async () => {
		order.push(`${name} begins`)
		await new Promise((resolve) => setTimeout(resolve, 2))
		order.push(`${name} ends`)
		return name
	}
}

describe('turns on the one PGlite connection', () => {
	test('one piece of work at a time, each to its end', async () => {
		const turns = takeTurns()
		const order: string[] = []
		const results = await Promise.all(['a', 'b', 'c'].map((name) => turns(piece(order, name))))
		expect(results).toEqual(['a', 'b', 'c'])
		expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends'])
	})

	test("a job's step waits for one request's work, not for every request queued before it", async () => {
		const turns = takeTurns()
		const order: string[] = []
		const requests = Array.from({ length: 10 }, (_, n) => turns(piece(order, `request ${n}`)))
		const jobSteps = asJobWork(() => [turns(piece(order, 'job 1')), turns(piece(order, 'job 2'))])
		await Promise.all([...requests, ...jobSteps])
		const begun = order.filter((line) => line.endsWith('begins')).map((line) => line.slice(0, -7))
		expect(begun.slice(0, 5)).toEqual(['request 0', 'job 1', 'request 1', 'job 2', 'request 2'])
	})

	test('the requests have every turn the worker does not want', async () => {
		const turns = takeTurns()
		const order: string[] = []
		await Promise.all([
			asJobWork(() => turns(piece(order, 'job'))),
			...Array.from({ length: 4 }, (_, n) => turns(piece(order, `request ${n}`))),
		])
		expect(order.filter((line) => line.endsWith('begins'))).toHaveLength(5)
		expect(order.at(-1)).toBe('request 3 ends')
	})

	test("the health probe's goes before everything waiting", async () => {
		const turns = takeTurns()
		const order: string[] = []
		const waiting = [
			turns(piece(order, 'request 0')),
			turns(piece(order, 'request 1')),
			asJobWork(() => turns(piece(order, 'job'))),
		]
		const probe = asProbe(() => turns(piece(order, 'probe')))
		await Promise.all([...waiting, probe])
		expect(order.slice(0, 4)).toEqual([
			'request 0 begins',
			'request 0 ends',
			'probe begins',
			'probe ends',
		])
	})

	test('work that throws hands the turn on', async () => {
		const turns = takeTurns()
		const failed = turns(async () => {
			throw new Error('no such table')
		})
		const next = turns(async () => 'next')
		await expect(failed).rejects.toThrow('no such table')
		await expect(next).resolves.toBe('next')
	})

	test('between two turns the event loop serves what waits on the network', async () => {
		const turns = takeTurns()
		const order: string[] = []
		// Work that ends at once: back to back, its turns would run without ever yielding.
		const pieces = Array.from({ length: 3 }, (_, n) =>
			turns(async () => {
				order.push(`turn ${n}`)
			}),
		)
		setImmediate(() => order.push('the network'))
		await Promise.all(pieces)
		expect(order.indexOf('the network')).toBeLessThan(order.indexOf('turn 2'))
	})
})
