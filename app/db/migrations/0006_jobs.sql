-- The durable job queue (docs/decisions/075): every background task is a row here, claimed with
-- FOR UPDATE SKIP LOCKED by the worker in each app server, so a job runs once however many
-- servers share the database, survives a restart, and runs again after a crash (locked_until).
CREATE TABLE jobs (
	id bigserial PRIMARY KEY,
	kind text NOT NULL,
	payload jsonb NOT NULL DEFAULT '{}'::jsonb,
	status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
	-- Not before this time: a retry's backoff, a periodic job's next turn.
	run_at timestamptz NOT NULL DEFAULT now(),
	-- Claims so far (a claim counts even when its worker dies mid-run).
	attempts integer NOT NULL DEFAULT 0,
	max_attempts integer NOT NULL DEFAULT 10 CHECK (max_attempts >= 1),
	-- A failure at or after this time is the last (e-mail: 24 hours of retries, docs/decisions/076).
	give_up_at timestamptz,
	-- A running job whose worker has not finished by then is claimed again (visibility timeout).
	locked_until timestamptz,
	last_error text,
	-- At most one job per key, ever: periodic jobs (one row each, rescheduled) and one-off
	-- jobs that must not be queued twice (a late payment's refund).
	dedupe_key text UNIQUE,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	finished_at timestamptz
);
-- What the claim and /healthz read: waiting and running jobs by time.
CREATE INDEX jobs_waiting_idx ON jobs (run_at) WHERE status IN ('queued', 'running');

-- E-mail delivery through the queue (docs/decisions/075, 076): tries so far, the last SMTP
-- error, and when delivery stopped for good. sent_at stays the one mark of a delivered row.
ALTER TABLE outbox
	ADD COLUMN attempts integer NOT NULL DEFAULT 0,
	ADD COLUMN last_error text,
	ADD COLUMN failed_at timestamptz;

-- A payment that arrived after its hold ended with no seat free is refunded (docs/decisions/077);
-- the buyer is told once, when the refund is asked for.
ALTER TABLE orders ADD COLUMN refund_notice_sent_at timestamptz;
