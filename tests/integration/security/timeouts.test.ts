/**
 * Explicit server timeouts (docs/decisions/069): a client that sends its headers or its body
 * slowly, or keeps an idle connection open, is cut off after HEADERS_TIMEOUT_MS,
 * REQUEST_TIMEOUT_MS and KEEP_ALIVE_TIMEOUT_MS.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startServer } from '../../support/server'

/** Opens a socket, runs `drip` on it, and resolves with the ms until the server closes it (or `limit`). */
function msUntilClosed(port: number, drip: (socket: net.Socket) => () => void, limit: number) {
	return new Promise<number>((resolve) => {
		const started = Date.now()
		const socket = net.connect(port, '127.0.0.1')
		socket.on('error', () => {})
		socket.resume()
		let stop = () => {}
		socket.on('connect', () => {
			stop = drip(socket)
		})
		const giveUp = setTimeout(() => {
			stop()
			socket.destroy()
			resolve(limit)
		}, limit)
		socket.on('close', () => {
			clearTimeout(giveUp)
			stop()
			resolve(Date.now() - started)
		})
	})
}

/** Writes `first`, then `each` every 200 ms, never finishing the request. */
const trickle = (first: string, each: string) => (socket: net.Socket) => {
	socket.write(first)
	const timer = setInterval(() => socket.write(each), 200)
	return () => clearInterval(timer)
}

describe('server timeouts', () => {
	let server: RunningServer
	beforeAll(async () => {
		server = await startServer({
			HEADERS_TIMEOUT_MS: '1000',
			REQUEST_TIMEOUT_MS: '2000',
			KEEP_ALIVE_TIMEOUT_MS: '1000',
		})
	})
	afterAll(() => server?.stop())

	test('a client sending its headers slowly (slow loris) is cut off', async () => {
		const ms = await msUntilClosed(
			server.port,
			trickle('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n'),
			12_000,
		)
		// Node's defaults would wait 60 s; the margin is for a busy test machine.
		expect(ms).toBeLessThan(8_000)
	})

	test('a client sending its body slowly is cut off', async () => {
		const ms = await msUntilClosed(
			server.port,
			trickle(
				'POST /workshop HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\n',
				'a',
			),
			12_000,
		)
		expect(ms).toBeLessThan(8_000)
	})

	test('an idle keep-alive connection is closed', async () => {
		const ms = await msUntilClosed(
			server.port,
			(socket) => {
				socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
				return () => {}
			},
			8_000,
		)
		// Node's default is 5 s.
		expect(ms).toBeLessThan(4_000)
	})

	test('a normal request is not affected', async () => {
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
	})
})
