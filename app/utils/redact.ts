/**
 * What the server logs about people (docs/decisions/069): e-mail addresses appear only as
 * `a***@example.com`, and database errors lose the values they carry — Drizzle puts a failed
 * query's parameters in its message, PostgreSQL puts row values in `detail`
 * ("Key (email)=(ada@example.com) already exists"). The query text, error codes and stacks stay:
 * they are what an operator needs.
 */

// Local part and domain, as loose as the addresses people type; the @ may be percent-encoded,
// as in a request path (/admin/people/ada%40example.com), and is then written plain.
const EMAIL = /([A-Za-z0-9_%+-])[A-Za-z0-9._%+-]*(?:@|%40)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/gi

/** `text` with every e-mail address cut to its first character and its domain. */
export function redactEmails(text: string): string {
	return text.replace(EMAIL, '$1***@$2')
}

type ErrorLike = Error & {
	query?: unknown
	params?: unknown
	code?: unknown
	cause?: unknown
}

/** The first line of a Drizzle query error without its `params:` line. */
function safeMessage(error: ErrorLike): string {
	if (typeof error.query === 'string' && Array.isArray(error.params)) {
		return `Failed query: ${error.query} (${error.params.length} parameters withheld)`
	}
	const code = typeof error.code === 'string' ? ` (code ${error.code})` : ''
	return `${error.message}${code}`
}

function describeError(error: ErrorLike, depth: number): string {
	const frames = (error.stack ?? '')
		.split('\n')
		.filter((line) => /^\s+at /.test(line))
		.join('\n')
	const head = `${error.name}: ${safeMessage(error)}`
	const cause =
		error.cause !== undefined && depth < 3 ? `\nCaused by: ${asText(error.cause, depth + 1)}` : ''
	return `${head}${frames ? `\n${frames}` : ''}${cause}`
}

function asText(value: unknown, depth: number): string {
	if (value instanceof Error) return describeError(value, depth)
	if (typeof value === 'string') return value
	try {
		return JSON.stringify(value) ?? String(value)
	} catch {
		return String(value)
	}
}

/**
 * A value fit for the log: an error as its name, message and stack (query parameters and
 * `detail` left out), anything else as text; e-mail addresses redacted either way.
 */
export function redact(value: unknown): string {
	return redactEmails(asText(value, 0))
}
