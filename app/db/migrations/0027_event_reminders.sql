-- Reminders of workshop sessions and the day event (issue 25, item 2; docs/decisions/116).
--
-- event_reminders: one row per recipient, event and reminder, written in the transaction that
-- writes the reminder's outbox row. The primary key is what makes "each recipient gets each
-- reminder once" hold across restarts and app servers: a second worker's insert conflicts and
-- sends nothing. The recipient is the sha256 of the folded mailbox (models/mailbox.server.ts),
-- as in email_suppressions: no address is kept here, so an erasure has nothing to remove.
--   event_id  the `id` of an event of content/site/events.yml (a workshop session, the day)
--   reminder  day_before | hour_before
CREATE TABLE event_reminders (
	event_id text NOT NULL,
	reminder text NOT NULL CHECK (reminder IN ('day_before', 'hour_before')),
	mailbox_key text NOT NULL,
	outbox_id bigint REFERENCES outbox (id),
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (event_id, reminder, mailbox_key)
);

-- A message that is worth nothing after a moment (an "in one hour" reminder once the session
-- has started): its delivery gives it up instead of sending it late. Null: no such moment.
ALTER TABLE outbox ADD COLUMN not_after timestamptz;
