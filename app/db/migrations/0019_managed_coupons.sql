-- Coupons the owner manages (issue 26, item 4; docs/decisions/112): a window (from, until), an
-- allow-list of products, one use per buyer or not, a partner credited with its sales, and codes
-- that are one code whatever their case.

-- Two codes differing only in case would be one code from now on: stop here, naming them, rather
-- than pick one for the owner.
DO $$
DECLARE
	clash text;
BEGIN
	SELECT string_agg(code, ', ' ORDER BY code) INTO clash FROM coupons
	WHERE lower(code) IN (SELECT lower(code) FROM coupons GROUP BY lower(code) HAVING count(*) > 1);
	IF clash IS NOT NULL THEN
		RAISE EXCEPTION 'Coupon codes must differ in more than case; rename or delete one of: %', clash;
	END IF;
END
$$;

CREATE UNIQUE INDEX coupons_code_folded_idx ON coupons (lower(code));

ALTER TABLE coupons
	ADD COLUMN starts_at timestamptz,
	ADD COLUMN one_per_buyer boolean NOT NULL DEFAULT false,
	-- The partner whose sale an order with this coupon is (orders.affiliate).
	ADD COLUMN partner_key text CHECK (partner_key IS NULL OR partner_key ~ '^[A-Za-z0-9_.:-]{1,64}$'),
	ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
	ADD CONSTRAINT coupons_window_check
		CHECK (starts_at IS NULL OR expires_at IS NULL OR starts_at < expires_at);

-- The products a coupon is for; none (and no item_code): every product. item_code, the single
-- product of coupons written with SQL before, still counts and is copied here.
CREATE TABLE coupon_items (
	coupon_code text NOT NULL REFERENCES coupons (code) ON DELETE CASCADE,
	item_code text NOT NULL REFERENCES catalog_items (code),
	PRIMARY KEY (coupon_code, item_code)
);

INSERT INTO coupon_items (coupon_code, item_code)
	SELECT code, item_code FROM coupons WHERE item_code IS NOT NULL;

-- The buyer's mailbox (models/mailbox.server.ts: a hash of the folded address), on an order
-- paid with a one-per-buyer coupon: the second paid use of that mailbox is found by this index.
ALTER TABLE orders ADD COLUMN coupon_buyer text;
CREATE INDEX orders_coupon_buyer_idx ON orders (coupon_code, coupon_buyer)
	WHERE coupon_buyer IS NOT NULL;
