-- Sign-ups (leads), survey answers and the e-mail outbox (issue 5, docs/decisions/060-062).

-- One row per (e-mail, list): signing up again only moves updated_at. The e-mail is stored
-- normalised (trimmed, lower-cased) by the model; the CHECK keeps anything else out.
CREATE TABLE leads (
	id bigserial PRIMARY KEY,
	email text NOT NULL CHECK (email = lower(btrim(email)) AND length(email) BETWEEN 3 AND 254),
	list text NOT NULL CHECK (list IN ('course', 'workshop', 'day_event', 'onboarding', 'insiders_survey')),
	first_name text,
	last_name text,
	avatar_url text,
	-- When the visitor agreed to be contacted: the first sign-up's time, never moved.
	consent_at timestamptz NOT NULL DEFAULT now(),
	-- Day-event registrations are complete once the signed link in the e-mail is opened.
	confirmed_at timestamptz,
	-- Referral (SPEC §3): the friend key and the page it was found on.
	partner_key text,
	referral_url text,
	-- Marketing attribution: { first: {utm_source, ..., at}, last: {...} }.
	attribution jsonb NOT NULL DEFAULT '{}'::jsonb,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (email, list)
);

CREATE TABLE survey_responses (
	id bigserial PRIMARY KEY,
	email text NOT NULL CHECK (email = lower(btrim(email))),
	rating integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
	helped text NOT NULL DEFAULT '',
	improve text NOT NULL DEFAULT '',
	may_quote boolean NOT NULL DEFAULT false,
	created_at timestamptz NOT NULL DEFAULT now()
);

-- Every message the site sends. With SMTP_URL it is a record of what was handed to the
-- server (sent_at set); without it, the outbox is where the message goes.
CREATE TABLE outbox (
	id bigserial PRIMARY KEY,
	to_address text NOT NULL,
	from_address text NOT NULL,
	subject text NOT NULL,
	text_body text NOT NULL,
	html_body text,
	transport text NOT NULL CHECK (transport IN ('outbox', 'smtp')),
	message_id text,
	sent_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_to_address_idx ON outbox (to_address, created_at DESC);
