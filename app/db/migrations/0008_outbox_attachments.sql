-- E-mail attachments (docs/decisions/089): a confirmation carries its event's calendar file.
-- Stored on the outbox row with the message, so a row holds everything needed to send it again.
-- A list of { filename, contentType, content } with text content; NULL for none.
ALTER TABLE outbox ADD COLUMN attachments jsonb;
