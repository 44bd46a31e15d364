/**
 * Small answers go out whole (docs/decisions/183). Remix's Express adapter writes a body as its
 * stream yields it, after the headers, so compression() never learns the size of a 60-byte JSON
 * answer and gzips it with a zlib stream of its own: 3–4 % of a busy server's CPU in the
 * sell-out, to make the answer larger. In front of Remix's handler (after compression()), this
 * holds a first chunk under compression's threshold until the answer ends (it then goes out in
 * one piece, with its Content-Length, and compression() leaves it alone, as it does any
 * `res.end(body)` that small), until the next chunk, or until the end of this turn of the event
 * loop: a streamed page is never held longer than that.
 */
import type { RequestHandler } from 'express'

/** compression()'s default threshold: smaller bodies are sent as they are. */
const COMPRESSION_THRESHOLD = 1024

type Chunk = string | Uint8Array

export const wholeSmallAnswers: RequestHandler = (_req, res, next) => {
	const write = res.write.bind(res) as (...args: unknown[]) => boolean
	const end = res.end.bind(res) as (...args: unknown[]) => typeof res
	let held: Buffer | undefined
	let timer: NodeJS.Immediate | undefined

	const release = () => {
		if (!held) return
		const chunk = held
		held = undefined
		clearImmediate(timer)
		write(chunk)
	}

	res.write = ((chunk: Chunk, ...rest: unknown[]) => {
		const small =
			rest.length === 0 &&
			!res.headersSent &&
			held === undefined &&
			Buffer.byteLength(chunk) < COMPRESSION_THRESHOLD
		if (!small) {
			release()
			return write(chunk, ...rest)
		}
		held = Buffer.from(chunk)
		timer = setImmediate(release)
		return true
	}) as typeof res.write

	res.end = ((chunk?: Chunk | (() => void), ...rest: unknown[]) => {
		const plain = typeof chunk === 'string' || chunk instanceof Uint8Array
		if (held && rest.length === 0 && (chunk === undefined || plain)) {
			clearImmediate(timer)
			const whole = chunk === undefined ? held : Buffer.concat([held, Buffer.from(chunk)])
			held = undefined
			if (!res.headersSent) res.setHeader('Content-Length', whole.length)
			return end(whole)
		}
		release()
		return end(chunk, ...rest)
	}) as typeof res.end

	next()
}
