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
