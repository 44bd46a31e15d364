/**
 * The owner's bank-statement import (docs/decisions/170): the file (CAMT.053 or our CSV, at most
 * STATEMENT_MAX_BYTES, checked in the browser before it is sent and on the server again), and an
 * unmatched credit assigned to an order by its id or payment reference, or dismissed.
 */
import { z } from 'zod'
import { MESSAGES } from './messages'

/** A year of a small shop's statements is far below this; the server's body limit follows it. */
export const STATEMENT_MAX_BYTES = 1024 * 1024

/**
 * The request bodies the statement's page may send: the file and room for the form around it,
 * so a file just over the cap gets the form's message, and one far over the server's 413.
 */
export const STATEMENT_UPLOAD_LIMITS = { '/admin/transfers': STATEMENT_MAX_BYTES + 64 * 1024 }

export const adminStatementImportSchema = z.object({
	statement: z
		.instanceof(File, { message: MESSAGES.statementFile })
		.refine((file) => file.size > 0, MESSAGES.statementFile)
		.refine((file) => file.size <= STATEMENT_MAX_BYTES, MESSAGES.statementTooLarge),
})

const entryId = z.string({ required_error: MESSAGES.statementEntry }).regex(/^[A-Za-z0-9_-]{22}$/)

export const adminStatementAssignSchema = z.object({
	entry: entryId,
	order: z
		.string({ required_error: MESSAGES.statementOrder })
		.trim()
		.regex(/^[A-Za-z0-9 _-]{5,40}$/, MESSAGES.statementOrder),
})

export const adminStatementDismissSchema = z.object({ entry: entryId })
