-- Two coupon options (issue 36 item 20, docs/decisions/158).
--
-- combines_with_regional: false when the coupon does not combine with regional prices. A buyer
-- with a regional price then pays the lower of their regional price without the coupon and the
-- full (GLOBAL) price with it; the order records which (coupon_on_base_price).
--
-- max_discounted_units: a percentage coupon takes its percentage off at most this many seats (or
-- passes) of one order; the rest are at full price. Null: every unit. The order records how many
-- units were discounted (discounted_quantity; null: all of them, or no coupon), so its checkout,
-- receipt and invoice say it from the order, whatever the coupon is changed to later.

ALTER TABLE coupons ADD COLUMN combines_with_regional boolean NOT NULL DEFAULT true;
ALTER TABLE coupons ADD COLUMN max_discounted_units integer
	CHECK (max_discounted_units IS NULL OR (max_discounted_units > 0 AND kind = 'percent'));

-- Not checked against orders.quantity: a partial refund lowers that (docs/decisions/123).
ALTER TABLE orders ADD COLUMN discounted_quantity integer
	CHECK (discounted_quantity IS NULL OR discounted_quantity > 0);
ALTER TABLE orders ADD COLUMN coupon_on_base_price boolean NOT NULL DEFAULT false;
