/**
 * A CAMT.053 bank statement (ISO 20022 `BkToCstmrStmt`, what European banks export; versions
 * .001.02 to .001.13 alike) read for its booked credits (docs/decisions/170). An uploaded file
 * is a stranger's XML: a DOCTYPE (where entity expansion — "billion laughs" — and external
 * entities live) is refused before any parsing, so no entity is ever defined, let alone read.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import {
	cleanText,
	isCurrency,
	isDay,
	minorOfAmount,
	type ParsedStatement,
	parseCsvStatement,
	refusal,
	type StatementCredit,
} from './statement'

type Node = Record<string, unknown>

const parser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '@',
	removeNSPrefix: true,
	// Amounts and references stay the text the bank wrote: "0012" is not 12, "1245.10" not 1245.1.
	parseTagValue: false,
	parseAttributeValue: false,
	isArray: (name) => ['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd'].includes(name),
})

/** The text of an element, with or without attributes. */
function textOf(value: unknown): string {
	if (typeof value === 'string') return value
	if (typeof value === 'number') return String(value)
	if (value && typeof value === 'object' && '#text' in value) return textOf(value['#text'])
	return ''
}

function nodeOf(value: unknown): Node {
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : {}
}

function nodesOf(value: unknown): Node[] {
	return Array.isArray(value) ? value.map(nodeOf) : value ? [nodeOf(value)] : []
}

/** `path` below `node`, element by element. */
function at(node: unknown, ...path: string[]): unknown {
	return path.reduce<unknown>((value, name) => nodeOf(value)[name], node)
}

/** The free text and structured references a transaction carries for its payee. */
function remittanceOf(details: Node[]): string {
	return details
		.flatMap((detail) => {
			const info = nodeOf(detail.RmtInf)
			return [
				...(Array.isArray(info.Ustrd) ? info.Ustrd : []).map(textOf),
				...nodesOf(info.Strd).map((strd) => textOf(at(strd, 'CdtrRefInf', 'Ref'))),
			]
		})
		.filter(Boolean)
		.join(' ')
}

/** The debtor's name: `Dbtr/Nm` (.001.02) or `Dbtr/Pty/Nm` (.001.08 on). */
function payerOf(details: Node[]): string {
	for (const detail of details) {
		const name =
			textOf(at(detail, 'RltdPties', 'Dbtr', 'Nm')) ||
			textOf(at(detail, 'RltdPties', 'Dbtr', 'Pty', 'Nm'))
		if (name) return name
	}
	return ''
}

/** The credits of one `Ntry`: one, or one per transaction of a batch that gives each amount. */
function creditsOf(entry: Node, account: string): StatementCredit[] | string {
	if (textOf(entry.CdtDbtInd) !== 'CRDT') return []
	const status = textOf(entry.Sts) || textOf(at(entry, 'Sts', 'Cd'))
	if (status && status !== 'BOOK') return []
	const day = (textOf(at(entry, 'BookgDt', 'Dt')) || textOf(at(entry, 'BookgDt', 'DtTm'))).slice(
		0,
		10,
	)
	if (!isDay(day)) return 'an entry has no booking date'
	const entryRef = textOf(entry.AcctSvcrRef) || textOf(entry.NtryRef)
	const details = nodesOf(entry.NtryDtls).flatMap((d) => nodesOf(d.TxDtls))
	const amountOf = (node: unknown) => ({
		text: textOf(nodeOf(node).Amt),
		currency: textOf(at(node, 'Amt', '@Ccy')),
	})
	const perTransaction = details.map((detail) =>
		amountOf(detail).text ? amountOf(detail) : amountOf(at(detail, 'AmtDtls', 'TxAmt')),
	)
	const split = details.length > 1 && perTransaction.every((amount) => amount.text)
	const parts = split
		? details.map((detail, index) => ({
				amount: perTransaction[index] ?? amountOf(entry),
				details: [detail],
				ref: entryRef && `${entryRef}/${textOf(at(detail, 'Refs', 'AcctSvcrRef')) || index + 1}`,
			}))
		: [{ amount: amountOf(entry), details, ref: entryRef }]
	const credits: StatementCredit[] = []
	for (const part of parts) {
		const { text, currency } = part.amount
		if (!isCurrency(currency)) return 'an amount has no currency code'
		const amountMinor = minorOfAmount(text, currency)
		if (amountMinor === null) return `the amount "${cleanText(text)}" is not a number like 1245.00`
		credits.push({
			bankRef: part.ref ? `${account}:${part.ref}` : null,
			bookedOn: day,
			amountMinor,
			currency: currency.toLowerCase(),
			remittance: cleanText(remittanceOf(part.details)),
			payer: cleanText(payerOf(part.details)),
		})
	}
	return credits
}

/** The booked credits of a CAMT.053 statement, or why the file is refused. */
export function parseCamt053(xml: string): ParsedStatement {
	if (/<!DOCTYPE|<!ENTITY/i.test(xml))
		return refusal('A bank statement with a DOCTYPE or entity declarations is refused.')
	const valid = XMLValidator.validate(xml)
	if (valid !== true) return refusal(`The file is not well-formed XML (line ${valid.err.line}).`)
	const statements = nodesOf(at(parser.parse(xml), 'Document', 'BkToCstmrStmt', 'Stmt'))
	if (statements.length === 0)
		return refusal('The XML is not a CAMT.053 bank statement (no BkToCstmrStmt/Stmt).')
	const credits: StatementCredit[] = []
	for (const statement of statements) {
		const account =
			textOf(at(statement, 'Acct', 'Id', 'IBAN')) ||
			textOf(at(statement, 'Acct', 'Id', 'Othr', 'Id'))
		for (const entry of nodesOf(statement.Ntry)) {
			const found = creditsOf(entry, account)
			if (typeof found === 'string') return refusal(`The statement is refused: ${found}.`)
			credits.push(...found)
		}
	}
	return { ok: true, format: 'camt.053', credits }
}

/** A statement file by its content: XML is CAMT.053, anything else is read as our CSV. */
export function parseStatement(text: string): ParsedStatement {
	return text.trimStart().startsWith('<') ? parseCamt053(text) : parseCsvStatement(text)
}
