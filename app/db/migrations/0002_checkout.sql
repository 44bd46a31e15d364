-- Checkout, payments, seats and passes (issue 4; docs/decisions/030 and 031).

-- An item may have its own capacity (a day-event pass); NULL: unlimited, or the course's
-- COURSE_SLOTS for a seat of a course. The row is also the lock that serialises checkouts.
ALTER TABLE catalog_items ADD COLUMN capacity integer CHECK (capacity IS NULL OR capacity >= 0);

CREATE TABLE coupons (
	code text PRIMARY KEY CHECK (code ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$'),
	kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
	-- percent: 1..100; fixed: minor units off the order, in `currency`.
	amount integer NOT NULL CHECK (amount > 0),
	currency char(3),
	item_code text REFERENCES catalog_items (code),
	active boolean NOT NULL DEFAULT true,
	expires_at timestamptz,
	max_uses integer CHECK (max_uses IS NULL OR max_uses >= 0),
	created_at timestamptz NOT NULL DEFAULT now(),
	CHECK (kind <> 'percent' OR amount <= 100),
	CHECK (kind <> 'fixed' OR currency IS NOT NULL)
);

ALTER TABLE orders
	ADD COLUMN provider text NOT NULL DEFAULT 'sandbox',
	ADD COLUMN provider_session_id text,
	ADD COLUMN payment_intent_id text,
	ADD COLUMN link text,
	ADD COLUMN unit_amount_minor integer NOT NULL DEFAULT 0 CHECK (unit_amount_minor >= 0),
	ADD COLUMN discount_minor integer NOT NULL DEFAULT 0 CHECK (discount_minor >= 0),
	ADD COLUMN coupon_code text REFERENCES coupons (code),
	ADD COLUMN affiliate text,
	ADD COLUMN attribution jsonb NOT NULL DEFAULT '{}'::jsonb,
	ADD COLUMN email text,
	ADD COLUMN customer_name text,
	-- Seats stay reserved while the order is pending and this is in the future.
	ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '30 minutes',
	ADD COLUMN failure_reason text,
	ADD COLUMN refunded_at timestamptz,
	ADD COLUMN receipt_sent_at timestamptz,
	ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE UNIQUE INDEX orders_provider_session_idx ON orders (provider, provider_session_id);
CREATE INDEX orders_payment_intent_idx ON orders (payment_intent_id);
CREATE INDEX orders_coupon_idx ON orders (coupon_code) WHERE coupon_code IS NOT NULL;

-- Every provider event, once: a duplicate delivery finds its id here and changes nothing.
CREATE TABLE payment_events (
	id text PRIMARY KEY,
	provider text NOT NULL,
	type text NOT NULL,
	order_id text REFERENCES orders (id),
	received_at timestamptz NOT NULL DEFAULT now()
);

-- One row per pass bought; the id is the unguessable key in /pass/:id.
CREATE TABLE passes (
	id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{22}$'),
	order_id text NOT NULL REFERENCES orders (id),
	item_code text NOT NULL REFERENCES catalog_items (code),
	holder_name text,
	holder_email text,
	claimed_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX passes_order_idx ON passes (order_id);
