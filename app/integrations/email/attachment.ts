/** A file sent with a message, e.g. an event's calendar file (docs/decisions/089). Text content. */
export type EmailAttachment = { filename: string; contentType: string; content: string }
