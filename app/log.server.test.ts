import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, withLogFields } from './log.server'

function capture(format: 'json' | 'text') {
	const lines: string[] = []
	const destination = new Writable({
		write(chunk, _encoding, done) {
			lines.push(...String(chunk).split('\n').filter(Boolean))
			done()
		},
	})
	return { log: createLogger({ LOG_LEVEL: 'info', LOG_FORMAT: format }, destination), lines }
}

describe('the log', () => {
	it('writes one JSON object per line with its level, time and message', () => {
		const { log, lines } = capture('json')
		log.info('Listening on http://127.0.0.1:3000')
		expect(lines).toHaveLength(1)
		const line = JSON.parse(lines[0]!)
		expect(line).toMatchObject({ level: 'info', msg: 'Listening on http://127.0.0.1:3000' })
		expect(Date.parse(line.time)).not.toBeNaN()
	})

	it('adds the request id to every line logged while the request is handled, across awaits', async () => {
		const { log, lines } = capture('json')
		await withLogFields({ req_id: 'r-1' }, async () => {
			log.info('before')
			await new Promise((resolve) => setTimeout(resolve, 1))
			log.warn('after')
		})
		log.info('outside')
		expect(lines.map((line) => JSON.parse(line).req_id)).toEqual(['r-1', 'r-1', undefined])
	})

	it("keeps one line's fields off the next line of the same request", () => {
		const { log, lines } = capture('json')
		withLogFields({ req_id: 'r-2' }, () => {
			log.error({ err: new Error('boom'), step: 'first' }, 'first')
			log.info('second')
		})
		expect(JSON.parse(lines[1]!)).toEqual(expect.not.objectContaining({ err: expect.anything() }))
		expect(JSON.parse(lines[1]!)).not.toHaveProperty('step')
		expect(JSON.parse(lines[1]!).req_id).toBe('r-2')
	})

	it('redacts e-mail addresses in messages, string fields and errors', () => {
		const { log, lines } = capture('json')
		const error = Object.assign(new Error('Failed query: insert ada@example.com'), {
			query: 'insert into leads (email) values ($1)',
			params: ['ada@example.com'],
		})
		log.error({ err: error, path: '/unsubscribe/bob@example.com' }, 'For carol@example.com')
		expect(lines.join('\n')).not.toMatch(/ada@|bob@|carol@/)
		const line = JSON.parse(lines[0]!)
		expect(line.msg).toBe('For c***@example.com')
		expect(line.path).toBe('/unsubscribe/b***@example.com')
		expect(line.err.message).toContain('(1 parameters withheld)')
		expect(line.err.stack).toMatch(/\n\s+at /)
	})

	it('writes an error passed alone by the same rule', () => {
		const { log, lines } = capture('json')
		log.error(new Error('boom for dan@example.com'))
		expect(lines.join('\n')).not.toContain('dan@')
		expect(JSON.parse(lines[0]!).err.type).toBe('Error')
	})

	it('writes lines a person can read at a terminal in the text format', () => {
		const { log, lines } = capture('text')
		log.info('Listening on http://127.0.0.1:3000')
		expect(lines[0]).toMatch(/INFO.*Listening on http:\/\/127\.0\.0\.1:3000/)
		expect(() => JSON.parse(lines[0]!)).toThrow()
	})
})
