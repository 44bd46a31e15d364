-- An e-mail delivery whose outcome is unknown (docs/decisions/101).
--
-- When a delivery attempt last handed the whole message to the mail server and got no answer
-- (a timeout after the data, a dropped connection, a shutdown): the server may have accepted
-- it. The retry carries the same Message-ID; the owner's e-mail list shows the mark.
ALTER TABLE outbox ADD COLUMN outcome_unknown_at timestamptz;
