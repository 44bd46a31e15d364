-- What someone signed up for is not news (issue 36, items 4 and 5; docs/decisions/149).
--
-- event_reminders gains the event's version (event_versions.sequence, decision 117) in its key:
-- a reminder sent for a date that content then moved is not the reminder of the new date, which
-- the change notice promises. Rows written before are version 0, as every event was then.
ALTER TABLE event_reminders ADD COLUMN sequence integer NOT NULL DEFAULT 0;
ALTER TABLE event_reminders DROP CONSTRAINT event_reminders_pkey;
ALTER TABLE event_reminders ADD PRIMARY KEY (event_id, sequence, reminder, mailbox_key);

-- event_reminder_stops: one row per event and mailbox (its sha256, as in email_suppressions)
-- whose reminders the person stopped from the link in that event's e-mails. Unsubscribing from
-- news stops no reminder; only this does, for this one event. No address is kept.
CREATE TABLE event_reminder_stops (
	event_id text NOT NULL,
	mailbox_key text NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (event_id, mailbox_key)
);
