-- Certificates of attendance (issue 38 item 3, docs/decisions/172). Who attended an event: one
-- row per event and mailbox (its hash), written when the person's signed joining link is opened
-- during the event, or by the owner for someone who joined another way. A certificate: one per
-- event and mailbox, with the name it prints, the e-mail that carried it and, once withdrawn,
-- when and by whom (its verification page then refuses it).
CREATE TABLE event_attendance (
	event_id text NOT NULL,
	mailbox_key text NOT NULL,
	email text NOT NULL,
	source text NOT NULL,
	recorded_by text,
	recorded_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (event_id, mailbox_key)
);

CREATE TABLE certificates (
	id text PRIMARY KEY,
	event_id text NOT NULL,
	mailbox_key text NOT NULL,
	email text NOT NULL,
	name text NOT NULL,
	issued_by text,
	issued_at timestamptz NOT NULL DEFAULT now(),
	outbox_id bigint REFERENCES outbox (id),
	withdrawn_at timestamptz,
	withdrawn_by text,
	UNIQUE (event_id, mailbox_key)
);
