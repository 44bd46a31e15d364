/** What transactions share across the models: the transaction type and raw rows. */
import type { Db } from '~/db/client.server'

/** A transaction on `Db` (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

// node-postgres and PGlite both answer { rows }, typed apart.
export const rowsOf = (result: unknown): Record<string, unknown>[] =>
	((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[]
