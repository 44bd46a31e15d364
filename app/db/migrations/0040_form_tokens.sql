-- A honeypot token is good for one submission (issue 33 item 2, docs/decisions/137).
--
-- `form_tokens`: one row per form token (the signed "valid from" time of the public forms'
-- honeypot, app/http/honeypot.server.ts) a submission was accepted with, and that submission's
-- fingerprint: a SHA-256 of the form's name and the normalised address, never the address
-- itself. The same token with the same fingerprint is the same submission sent again (a double
-- click, a browser's retry); with another, it is refused. Rows are deleted once older than the
-- tokens' maximum age (a day): an older token is refused before this table is read.

CREATE TABLE form_tokens (
	token text PRIMARY KEY,
	fingerprint text NOT NULL,
	used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX form_tokens_used_at ON form_tokens (used_at);
