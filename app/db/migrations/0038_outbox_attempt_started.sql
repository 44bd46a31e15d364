-- A delivery attempt under way (issue 33, item 14; docs/decisions/135).
--
-- Set when an attempt starts, before the message goes to the mail server; cleared when the
-- attempt's end is recorded (sent, refused, failed before the data, or an unknown outcome). An
-- attempt that finds it still set follows one whose end was never recorded (the process was
-- killed, or the write after the server's acceptance failed and the process then stopped): the
-- message may have arrived, so the row is marked outcome unknown before it is sent again, with
-- the same Message-ID.
ALTER TABLE outbox ADD COLUMN attempt_started_at timestamptz;
