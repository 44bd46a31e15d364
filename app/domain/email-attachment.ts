/**
 * A file sent with a message, e.g. an event's calendar file (docs/decisions/089): text content;
 * or an invoice's PDF (docs/decisions/115): binary content, stored base64 with `encoding`.
 */
export type EmailAttachment = {
	filename: string
	contentType: string
	content: string
	encoding?: 'base64'
}

/** What the outbox viewers list of an attachment (issue 36 item 14): its name, type and size. */
export type AttachmentSummary = { filename: string; contentType: string; bytes: number }

export function summarizeAttachments(
	attachments: readonly EmailAttachment[] | null,
): AttachmentSummary[] {
	return (attachments ?? []).map(({ filename, contentType, content, encoding }) => ({
		filename,
		contentType,
		bytes: encoding === 'base64' ? base64Bytes(content) : new TextEncoder().encode(content).length,
	}))
}

function base64Bytes(content: string): number {
	const digits = content.replace(/[^A-Za-z0-9+/]/g, '').length
	return Math.floor((digits * 3) / 4)
}
