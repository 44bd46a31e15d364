-- The course, the catalog with regional prices, and the orders its seat counters read.
-- Later features add their own numbered files; never edit a file once it has shipped.

CREATE TABLE courses (
	slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9][a-z0-9-]*$'),
	name text NOT NULL,
	status text NOT NULL DEFAULT 'pre_order',
	faq jsonb NOT NULL DEFAULT '[]'::jsonb,
	created_at timestamptz NOT NULL DEFAULT now()
);

-- Purchasing-power-parity regions: level 0 is GLOBAL (full price); docs/decisions/011.
CREATE TABLE pricing_regions (
	name text PRIMARY KEY CHECK (name ~ '^[A-Z][A-Z0-9_]*$'),
	level integer NOT NULL UNIQUE CHECK (level >= 0),
	discount_percent integer NOT NULL CHECK (discount_percent BETWEEN 0 AND 90)
);

CREATE TABLE country_regions (
	country_code char(2) PRIMARY KEY CHECK (country_code ~ '^[A-Z]{2}$'),
	region text NOT NULL REFERENCES pricing_regions (name)
);

-- What can be bought. A seat of a course has course_slug set; that is what the counters count.
CREATE TABLE catalog_items (
	code text PRIMARY KEY CHECK (code ~ '^[a-z0-9][a-z0-9-]*$'),
	type text NOT NULL CHECK (type ~ '^[a-z][a-z_]*$'),
	name text NOT NULL,
	description text NOT NULL DEFAULT '',
	course_slug text REFERENCES courses (slug),
	active boolean NOT NULL DEFAULT true,
	sort_order integer NOT NULL DEFAULT 0
);

-- Prices per item per region, in minor units (cents) of an ISO 4217 currency.
CREATE TABLE catalog_prices (
	item_code text NOT NULL REFERENCES catalog_items (code),
	region text NOT NULL REFERENCES pricing_regions (name),
	amount_minor integer NOT NULL CHECK (amount_minor >= 0),
	currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
	PRIMARY KEY (item_code, region)
);

-- One row per checkout. Only status 'paid' counts as sold. The checkout feature adds its
-- columns (provider ids, customer, coupon, affiliate...) in its own migration.
CREATE TABLE orders (
	id text PRIMARY KEY,
	item_code text NOT NULL REFERENCES catalog_items (code),
	quantity integer NOT NULL CHECK (quantity > 0),
	status text NOT NULL DEFAULT 'pending'
		CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'refunded')),
	region text NOT NULL REFERENCES pricing_regions (name),
	amount_minor integer NOT NULL CHECK (amount_minor >= 0),
	currency char(3) NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	paid_at timestamptz
);

CREATE INDEX orders_item_status_idx ON orders (item_code, status);
