-- What an owner still misses (issue 36, item 13; docs/decisions/157).
--
-- Find anyone by company: the company a buyer gave for the invoice at checkout (orders.billing,
-- 0023) is found by its start, as names are (0021): lower-cased, text_pattern_ops, so
-- `LIKE 'prefix%'` walks a range of this index on PGlite and PostgreSQL alike.
CREATE INDEX orders_billing_company_pattern_idx
	ON orders (lower(billing ->> 'company') text_pattern_ops);

-- The workshop's "recording and code of the live build, by e-mail" (issue 36, item 13b): the
-- link the owner fills in for a session (an event id of content/site/events.yml), who set it and
-- when. The periodic job follow-ups.send writes the follow-up once the session has ended.
CREATE TABLE event_follow_ups (
	event_id text PRIMARY KEY,
	link text NOT NULL,
	set_by text NOT NULL,
	set_at timestamptz NOT NULL DEFAULT now()
);

-- One row per session and recipient mailbox (its sha256, as event_reminders), written in the
-- transaction that writes the follow-up's outbox row: the primary key is what makes "each
-- person gets it once" hold across restarts and app servers. No address is kept here.
CREATE TABLE event_follow_up_sends (
	event_id text NOT NULL,
	mailbox_key text NOT NULL,
	outbox_id bigint REFERENCES outbox (id),
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (event_id, mailbox_key)
);
