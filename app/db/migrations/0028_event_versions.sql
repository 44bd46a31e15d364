-- Calendar files that stay true (issue 25, item 3; docs/decisions/117).
--
-- event_versions: what registrants' calendars were last told of each event of
-- content/site/events.yml (a workshop session, the day). `fingerprint` is the date, title, place
-- and state the last calendar file carried; `sequence` is its iCalendar SEQUENCE, raised by one
-- each time the periodic job finds content different; `changed_at` is when it did. The first
-- time an event is seen it is recorded at 0 and nobody is written to.
CREATE TABLE event_versions (
	event_id text PRIMARY KEY,
	sequence integer NOT NULL DEFAULT 0,
	fingerprint text NOT NULL,
	changed_at timestamptz NOT NULL DEFAULT now()
);

-- One row per event, sequence and recipient mailbox (its sha256, as in event_reminders): the
-- update or cancellation of that version went to that person once, across app servers.
CREATE TABLE event_update_notices (
	event_id text NOT NULL,
	sequence integer NOT NULL,
	mailbox_key text NOT NULL,
	outbox_id bigint REFERENCES outbox (id),
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (event_id, sequence, mailbox_key)
);
