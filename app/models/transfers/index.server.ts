/**
 * Paying by bank transfer against an invoice (docs/decisions/163): the entry routes and the
 * job worker use.
 */
export { payByTransfer, type TransferRefusal, transferPath } from './choose.server'
export { transferNoticeJobs as transferJobs } from './notices.server'
export { recordTransferReceived } from './receive.server'
export { bankTransferAccount } from './settings.server'
export { transferDueDate } from './starts.server'
export {
	assignStatementEntry,
	dismissStatementEntry,
	listStatementEntries,
	listWaitingTransfers,
} from './statement-entries.server'
export { type ImportSummary, importStatement } from './statement-import.server'
export { findTransfer } from './view.server'
