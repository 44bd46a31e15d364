-- The owner's second factor and step-up (issue 33 item 10, docs/decisions/136).
--
-- 1. `owner_audit_log.source`: the client address an owner acted or read from, as resolved
--    under TRUST_PROXY (NULL: written outside a request, e.g. by a job, or before this change).
-- 2. `owner_totp`: one authenticator app per owner (keyed like owner_session_versions: how the
--    owner signs in and the login). The secret is stored encrypted (AES-256-GCM, a key derived
--    from SESSION_SECRET), never in the clear; `pending_secret` is a set-up not yet confirmed by a
--    first code, so a started replacement never removes the working one. `last_step` is the
--    30-second step of the last code accepted: a code of that step or an earlier one is refused
--    (single use). `failures` since `failures_since`: wrong codes, limited per window.
-- 3. `owner_passkeys`: WebAuthn credentials (public keys only), with the signature counter.
-- 4. `owner_used_challenges`: each WebAuthn challenge the server signed is good for one answer;
--    a row per challenge answered, kept until the challenge would have expired anyway.

ALTER TABLE owner_audit_log ADD COLUMN source text;

CREATE TABLE owner_totp (
	via text NOT NULL,
	login text NOT NULL,
	secret text,
	pending_secret text,
	last_step bigint,
	failures integer NOT NULL DEFAULT 0,
	failures_since timestamptz,
	confirmed_at timestamptz,
	PRIMARY KEY (via, login)
);

CREATE TABLE owner_passkeys (
	id text PRIMARY KEY,
	via text NOT NULL,
	login text NOT NULL,
	public_key text NOT NULL,
	counter bigint NOT NULL DEFAULT 0,
	transports text NOT NULL DEFAULT '',
	created_at timestamptz NOT NULL DEFAULT now(),
	last_used_at timestamptz
);
CREATE INDEX owner_passkeys_owner ON owner_passkeys (via, login);

CREATE TABLE owner_used_challenges (
	nonce text PRIMARY KEY,
	expires_at timestamptz NOT NULL
);
