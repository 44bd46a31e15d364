/**
 * The one logger (docs/decisions/108): pino, writing one JSON object per line for a hosting
 * platform to read (`LOG_FORMAT=json`, the default when the output is not a terminal) or lines
 * for a person at a terminal (`LOG_FORMAT=text`); JSON lines are written asynchronously and
 * flushed at exit (decision 160). Every line written while a request is handled
 * carries its `req_id`, and every line of a job its `job_id`, without being passed along.
 *
 * What the log may say about people is decision 069's rule, kept here for every line: e-mail
 * addresses in the message and in string fields are cut to `a***@example.com`, and an error
 * (`{ err }`) is written by `redact`, without the values a database error carries.
 *
 *     log.info(`E-mail #${id} sent`)
 *     log.error({ err: error }, 'The job queue could not be read')
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { format } from 'node:util'
import pino from 'pino'
import pretty from 'pino-pretty'
import { logSettings } from '~/config.server'
import { redact, redactEmails } from '~/utils/redact'

type LogFields = { req_id?: string; job_id?: number }

// One context and one logger per process: server.ts and the Remix build are separate bundles,
// each with its own copy of this module, and a request id set by one must reach the other's lines.
const shared = globalThis as typeof globalThis & {
	__siteLog?: { context: AsyncLocalStorage<LogFields>; log: pino.Logger }
}

/** Runs `work` with `fields` added to every line it logs, through every await. */
export function withLogFields<T>(fields: LogFields, work: () => T): T {
	const { context } = processLog()
	return context.run({ ...context.getStore(), ...fields }, work)
}

function serializeError(error: unknown) {
	return error instanceof Error ? errorFields(error) : redact(error)
}

function errorFields(error: Error) {
	const text = redact(error)
	const message = text.split('\n', 1)[0]!.slice(`${error.name}: `.length)
	return { type: error.name, message, stack: text }
}

function redactValue(value: unknown): unknown {
	return typeof value === 'string' ? redactEmails(value) : value
}

function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(fields).map(([key, value]) => [key, key === 'err' ? value : redactValue(value)]),
	)
}

/** The logger for `settings`, writing to standard output or to `destination` (tests). */
export function createLogger(
	settings: ReturnType<typeof logSettings>,
	destination?: pino.DestinationStream,
) {
	return createLoggerIn(processLog().context, settings, destination)
}

function processLog() {
	if (!shared.__siteLog) {
		const context = new AsyncLocalStorage<LogFields>()
		shared.__siteLog = { context, log: createLoggerIn(context, logSettings(process.env)) }
	}
	return shared.__siteLog
}

function createLoggerIn(
	context: AsyncLocalStorage<LogFields>,
	{
		LOG_LEVEL,
		LOG_FORMAT = process.stdout.isTTY ? 'text' : 'json',
	}: ReturnType<typeof logSettings>,
	destination?: pino.DestinationStream,
) {
	const options: pino.LoggerOptions = {
		level: LOG_LEVEL,
		base: { pid: process.pid },
		timestamp: pino.stdTimeFunctions.isoTime,
		formatters: { level: (label) => ({ level: label }) },
		// A copy: pino merges each line's fields into the object it is given.
		mixin: () => ({ ...context.getStore() }),
		serializers: { err: serializeError },
		hooks: {
			logMethod(args, method) {
				const [first, ...rest] = args as unknown[]
				const head =
					first instanceof Error
						? { err: first }
						: first !== null && typeof first === 'object'
							? redactFields(first as Record<string, unknown>)
							: redactValue(first)
				// Without a message pino would use the error's own, unredacted.
				const message =
					rest.length === 0 && first instanceof Error ? [errorFields(first).message] : []
				method.apply(this, [head, ...message, ...rest.map(redactValue)] as Parameters<
					typeof method
				>)
			},
		},
	}
	// Standard output is written asynchronously (pino's own default without a destination, said
	// here): a slow reader of the log does not hold up the request that logs. Pino flushes what
	// is still buffered, synchronously, when the process exits, a graceful shutdown's
	// `process.exit` included (decision 160, tests/integration/log-output.test.ts).
	if (LOG_FORMAT === 'json')
		return pino(options, destination ?? pino.destination({ dest: 1, sync: false }))
	return pino(
		options,
		pretty({
			destination: destination ?? 1,
			sync: true,
			colorize: Boolean(process.stdout.isTTY),
			translateTime: 'SYS:HH:MM:ss',
			ignore: 'pid',
			singleLine: false,
		}),
	)
}

export const log = processLog().log

/**
 * Sends what dependencies write with `console.*` (Remix's own warnings among them) through the
 * logger, so that every line of the server's output is one JSON object with its request id and
 * the same redaction. Called once by server.ts.
 */
export function logTheConsole() {
	const write =
		(level: 'debug' | 'info' | 'warn' | 'error') =>
		(...args: unknown[]) => {
			const error = args.find((arg) => arg instanceof Error)
			const text = format(...args.filter((arg) => arg !== error))
			if (error) log[level]({ err: error }, text)
			else log[level](text)
		}
	console.debug = write('debug')
	console.log = write('info')
	console.info = write('info')
	console.warn = write('warn')
	console.error = write('error')
}
