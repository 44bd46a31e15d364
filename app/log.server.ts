/**
 * The one logger (docs/decisions/108): pino, writing one JSON object per line for a hosting
 * platform to read (`LOG_FORMAT=json`, the default when the output is not a terminal) or lines
 * for a person at a terminal (`LOG_FORMAT=text`). Every line written while a request is handled
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
import pino from 'pino'
import pretty from 'pino-pretty'
import { logSettings } from '~/config.server'
import { redact, redactEmails } from '~/utils/redact'

type LogFields = { req_id?: string; job_id?: number }

const context = new AsyncLocalStorage<LogFields>()

/** Runs `work` with `fields` added to every line it logs, through every await. */
export function withLogFields<T>(fields: LogFields, work: () => T): T {
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
		mixin: () => context.getStore() ?? {},
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
	if (LOG_FORMAT === 'json') return destination ? pino(options, destination) : pino(options)
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

export const log = createLogger(logSettings(process.env))
