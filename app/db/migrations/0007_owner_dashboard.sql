-- The owner's dashboard (docs/decisions/080-084): who is an owner, what owners did, and the
-- indexes its lists, exports and overview read by (keyset pagination, never OFFSET).

-- ADMIN_GITHUB_LOGINS names owners by login; the first sign-in of a listed login binds it to
-- that GitHub account's id (decision 080). A renamed account keeps the role (its id matches);
-- a new account that takes the old name does not (the login is bound to another id).
CREATE TABLE owner_accounts (
	login text PRIMARY KEY CHECK (login = lower(login)),
	github_id bigint NOT NULL UNIQUE,
	current_login text NOT NULL,
	bound_at timestamptz NOT NULL DEFAULT now(),
	last_sign_in_at timestamptz NOT NULL DEFAULT now()
);

-- Every action an owner takes (decision 081): append-only.
CREATE TABLE owner_audit_log (
	id bigserial PRIMARY KEY,
	at timestamptz NOT NULL DEFAULT now(),
	actor text NOT NULL,
	action text NOT NULL,
	target text NOT NULL,
	before jsonb,
	after jsonb
);
CREATE INDEX owner_audit_log_at_idx ON owner_audit_log (at DESC, id DESC);

-- Orders list and export: newest first, by key; filters that narrow it.
CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
-- A filter walks only its own rows, still in page order (status, product and region).
CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC, id DESC);
CREATE INDEX orders_item_created_idx ON orders (item_code, created_at DESC, id DESC);
CREATE INDEX orders_region_created_idx ON orders (region, created_at DESC, id DESC);
CREATE INDEX orders_email_idx ON orders (email text_pattern_ops);
CREATE INDEX orders_paid_idx ON orders (paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX orders_affiliate_idx ON orders (affiliate) WHERE affiliate IS NOT NULL;

-- Leads list, export and the sign-ups chart.
CREATE INDEX leads_created_idx ON leads (created_at DESC, id DESC);
CREATE INDEX leads_list_created_idx ON leads (list, created_at DESC, id DESC);
CREATE INDEX leads_partner_idx ON leads (partner_key) WHERE partner_key IS NOT NULL;

-- Passes export, newest first.
CREATE INDEX passes_created_idx ON passes (created_at DESC, id DESC);
