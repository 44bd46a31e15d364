import http from 'node:http'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { wholeSmallAnswers } from './whole-small-answers.server'

let server: http.Server | undefined
afterEach(() => server?.close())

async function serve(handler: express.RequestHandler) {
	const app = express()
	app.use(compression(), wholeSmallAnswers)
	app.get('/', handler)
	server = app.listen(0, '127.0.0.1')
	await new Promise((resolve) => server!.on('listening', resolve))
	return (server.address() as AddressInfo).port
}

function get(port: number, onData: (chunk: string) => void = () => {}, encoding = 'gzip') {
	return new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
		http
			.get(
				{ host: '127.0.0.1', port, path: '/', headers: { 'accept-encoding': encoding } },
				(res) => {
					let body = ''
					res.setEncoding('latin1')
					res.on('data', (chunk: string) => {
						body += chunk
						onData(chunk)
					})
					res.on('end', () => resolve({ headers: res.headers, body }))
				},
			)
			.on('error', reject)
	})
}

describe('small answers go out whole (decision 183)', () => {
	test('an answer written then ended is sent in one piece, with its length, uncompressed', async () => {
		const port = await serve((_req, res) => {
			res.type('application/json')
			res.write(Buffer.from('{"status":"ok"}'))
			res.end()
		})
		const { headers, body } = await get(port)
		expect(headers['content-encoding']).toBeUndefined()
		expect(headers['content-length']).toBe('15')
		expect(body).toBe('{"status":"ok"}')
	})

	test('a large answer is still compressed', async () => {
		const port = await serve((_req, res) => {
			res.type('text/html')
			res.write(Buffer.from('<p>hello</p>'.repeat(200)))
			res.end()
		})
		expect((await get(port)).headers['content-encoding']).toBe('gzip')
	})

	test('a small first chunk of a streamed answer is not held until the next one', async () => {
		let received: () => void
		const firstReceived = new Promise<void>((resolve) => {
			received = resolve
		})
		const port = await serve(async (_req, res) => {
			res.type('text/plain')
			res.write('first ')
			// The next chunk waits for the client to have the first: held, it would never come.
			await firstReceived
			res.end('second')
		})
		const { body } = await get(port, () => received(), 'identity')
		expect(body).toBe('first second')
	})
})
