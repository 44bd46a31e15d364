-- Bulk sends the owner starts (issue 25, items 5 and 6; docs/decisions/119): a message to an
-- audience, and the course's access e-mail when the course opens. Delivered through the job
-- queue at EMAIL_SEND_PER_MINUTE, resumable after a restart.
--
-- bulk_sends: one row per send. `once_key` makes a send that may happen only once unique (the
-- course opening: 'course-open'), so two presses of "open" or two app servers make one send.
CREATE TABLE bulk_sends (
	id bigserial PRIMARY KEY,
	kind text NOT NULL CHECK (kind IN ('message', 'course_access')),
	subject text NOT NULL,
	body text NOT NULL DEFAULT '',
	audience text NOT NULL,
	created_by text NOT NULL,
	once_key text UNIQUE,
	created_at timestamptz NOT NULL DEFAULT now()
);

-- Each recipient of a send, once: the primary key is the send and the (lower-cased) address, so
-- however often the audience is expanded, or by whichever server, nobody is listed twice. A row
-- is `queued` until its e-mail is written to the outbox (`sent`, with the outbox row, in the
-- same transaction) or it is passed over because the address unsubscribed (`skipped`).
-- `slot_at` is the throttle's slot the e-mail took (bulk_send_pace).
CREATE TABLE bulk_send_recipients (
	send_id bigint NOT NULL REFERENCES bulk_sends (id),
	email text NOT NULL,
	name text,
	status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'skipped')),
	slot_at timestamptz,
	outbox_id bigint REFERENCES outbox (id),
	done_at timestamptz,
	PRIMARY KEY (send_id, email)
);
CREATE INDEX bulk_send_recipients_queued_idx ON bulk_send_recipients (send_id)
	WHERE status = 'queued';

-- The throttle every send shares, across app servers: the earliest time the next e-mail may be
-- written. One row, locked by whoever takes a slot.
CREATE TABLE bulk_send_pace (
	id smallint PRIMARY KEY CHECK (id = 1),
	next_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO bulk_send_pace (id) VALUES (1);
