/**
 * The transforms a streamed document goes through on its way out (entry.server.tsx).
 */
import { Transform } from 'node:stream'

/**
 * React 18's stream renderer encodes into a reused 2 KB buffer and, when a multi-byte character
 * (an em-dash, a curly quote) does not fit at its end, still flushes the whole buffer: the
 * unwritten bytes reach the page as NULs (facebook/react#26228, fixed after the 18 line; the
 * Nu HTML Checker and some crawlers reject them). They are only ever the chunk's last bytes,
 * and U+0000 is never valid in HTML, so each chunk's trailing zeros are dropped.
 */
export function withoutTrailingNuls(): Transform {
	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			let end = chunk.length
			while (end > 0 && chunk[end - 1] === 0) end--
			callback(null, end === chunk.length ? chunk : chunk.subarray(0, end))
		},
	})
}

const DOCUMENT_END = Buffer.from('</body></html>')

/**
 * Holds the document's `</body></html>` back until the stream ends. Whatever React writes after
 * the shell — single fetch's data scripts, which Remix 2 renders beside the document
 * (`RemixServer`'s stream transfer), and the scripts that fill in late Suspense boundaries —
 * would otherwise follow `</html>`: browsers move it into the body, but it is a parse error to
 * the Nu HTML Checker and to strict crawlers. At the end the document closes after all of it.
 */
export function documentEndLast(): Transform {
	let held = Buffer.alloc(0)
	let found = false
	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			if (found) return callback(null, chunk)
			const data = held.length > 0 ? Buffer.concat([held, chunk]) : chunk
			const at = data.indexOf(DOCUMENT_END)
			if (at >= 0) {
				found = true
				held = Buffer.alloc(0)
				return callback(
					null,
					Buffer.concat([data.subarray(0, at), data.subarray(at + DOCUMENT_END.length)]),
				)
			}
			// The end may be split across chunks: keep what could be its start.
			const keep = Math.min(DOCUMENT_END.length - 1, data.length)
			held = Buffer.from(data.subarray(data.length - keep))
			callback(null, data.subarray(0, data.length - keep))
		},
		flush(callback) {
			callback(null, found ? Buffer.concat([held, DOCUMENT_END]) : held)
		},
	})
}

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"')
const LOW_PRIORITY_MODULE_PRELOAD = Buffer.from('<link rel="modulepreload" fetchpriority="low"')

/**
 * The page's module preloads at low priority (docs/decisions/179): every page is whole without
 * JavaScript, so its scripts are never what the first paint waits for, and the browser may fetch
 * what the page shows first. Remix's `<Scripts>` renders the preload links with no way to say
 * so. Lighthouse's simulated first paint otherwise counts high-priority module scripts that
 * finished loading before the observed paint as render-blocking (GoogleChrome/lighthouse#17163).
 */
export function modulePreloadsAtLowPriority(): Transform {
	let held = Buffer.alloc(0)
	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			const data = held.length > 0 ? Buffer.concat([held, chunk]) : chunk
			const parts: Buffer[] = []
			let from = 0
			for (
				let at = data.indexOf(MODULE_PRELOAD);
				at >= 0;
				at = data.indexOf(MODULE_PRELOAD, from)
			) {
				parts.push(data.subarray(from, at), LOW_PRIORITY_MODULE_PRELOAD)
				from = at + MODULE_PRELOAD.length
			}
			// A link may be split across chunks: keep a tail that could be its start, nothing more, so
			// a streamed page's shell is not held back.
			const keep = startOfAt(data, from, MODULE_PRELOAD)
			parts.push(data.subarray(from, data.length - keep))
			held = Buffer.from(data.subarray(data.length - keep))
			callback(null, Buffer.concat(parts))
		},
		flush(callback) {
			callback(null, held)
		},
	})
}

/** How many of `data`'s last bytes (after `from`) are the start of `pattern`. */
function startOfAt(data: Buffer, from: number, pattern: Buffer): number {
	for (let length = Math.min(pattern.length - 1, data.length - from); length > 0; length--)
		if (data.subarray(data.length - length).equals(pattern.subarray(0, length))) return length
	return 0
}
