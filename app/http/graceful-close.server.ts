/**
 * Closing the HTTP server at shutdown without resetting a request a client already sent
 * (docs/decisions/134). Node's `server.close()` and `closeIdleConnections()` destroy every
 * connection with no request *parsed* yet; on a busy server that includes connections whose
 * request bytes sit unread in the kernel, and closing a socket with unread data sends a TCP
 * reset: the visitor's sign-up was sent, never read, never stored, and they see a network error.
 *
 * Here a connection is closed only once it has shown no request and read no byte across two
 * sweeps, each run right after an I/O poll (so whatever had arrived was read by then); one that
 * serves a request during shutdown answers it with `Connection: close`. The listening socket is
 * closed once a sweep finds no connection accepted since the last (or after MAX_ACCEPTING_MS), so
 * connections completed by the kernel before the signal are accepted and answered rather than
 * reset in the backlog.
 */
import type http from 'node:http'
import net from 'node:net'

/** How often shutdown looks for connections it may close. */
const SWEEP_MS = 100
/** Sweeps a connection must stay quiet through before it is closed. */
const QUIET_SWEEPS = 2
/** New connections still arriving (a proxy not yet told) are accepted this long at most. */
const MAX_ACCEPTING_MS = 1_000

type Connection = { requests: number; bytesRead: number; quietSweeps: number }

/**
 * Tracks `server`'s connections and requests from now on; the function it returns stops
 * accepting connections and closes each one as it goes quiet, resolving once none is left.
 */
export function gracefulCloser(server: http.Server): () => Promise<void> {
	const connections = new Map<net.Socket, Connection>()
	const inFlight = new Set<http.ServerResponse>()
	let accepted = 0

	server.on('connection', (socket: net.Socket) => {
		accepted++
		connections.set(socket, { requests: 0, bytesRead: -1, quietSweeps: 0 })
		socket.on('close', () => connections.delete(socket))
	})
	// Before the app's own listener, so every request is counted before it is handled.
	server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
		const connection = connections.get(req.socket)
		if (connection) connection.requests++
		inFlight.add(res)
		res.on('close', () => {
			inFlight.delete(res)
			if (connection) connection.requests--
		})
	})

	return () =>
		new Promise<void>((resolve) => {
			// Answers not yet begun end their connection: the client opens a new one elsewhere.
			for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
			let acceptedAtLastSweep = accepted
			let listening = true
			const started = Date.now()
			const sweep = () => {
				const quiet = accepted === acceptedAtLastSweep
				if (listening && (quiet || Date.now() - started >= MAX_ACCEPTING_MS)) {
					listening = false
					// net's close, not http's: http's also destroys every connection it deems idle.
					net.Server.prototype.close.call(server, () => resolve())
				}
				acceptedAtLastSweep = accepted
				for (const [socket, connection] of connections) {
					if (connection.requests > 0 || socket.bytesRead !== connection.bytesRead) {
						connection.bytesRead = socket.bytesRead
						connection.quietSweeps = 0
					} else if (++connection.quietSweeps >= QUIET_SWEEPS) {
						socket.destroy()
					}
				}
				if (listening || connections.size > 0) schedule()
			}
			// A timer, then the check phase: the I/O poll between them has read what had arrived.
			const schedule = () => setTimeout(() => setImmediate(sweep), SWEEP_MS)
			schedule()
		})
}
