-- Partial refunds (issue 26 item 6, docs/decisions/123).
--
-- 1. `refunds`: each part of an order the owner refunded while the order stays paid: how much,
--    how many seats or passes and which pass ids, and the provider's refund id. Its id is the
--    refund's idempotency key (one per pass, or one per amount form shown), so a double submit
--    records one refund; the provider gets the same key.
-- 2. `orders.refunded_minor`: the sum of the order's partial refunds, written in the same
--    transaction as the refund's row and the order's lower `quantity` (the seats it still holds).
-- 3. The overview's paid revenue is net of partial refunds: 0030's statements again, each
--    order counting `amount_minor - refunded_minor` on the day it was paid.

ALTER TABLE orders ADD COLUMN refunded_minor integer NOT NULL DEFAULT 0
	CHECK (refunded_minor >= 0 AND refunded_minor <= amount_minor);

CREATE TABLE refunds (
	id text PRIMARY KEY,
	order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
	amount_minor integer NOT NULL CHECK (amount_minor > 0),
	quantity integer NOT NULL DEFAULT 0 CHECK (quantity >= 0),
	pass_ids jsonb NOT NULL DEFAULT '[]',
	provider_refund_id text,
	created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_order ON refunds (order_id, created_at);

CREATE OR REPLACE FUNCTION overview_order_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT ARRAY[
		format($q$
			INSERT INTO overview_paid_daily AS r
				(day, item_code, region, currency, affiliate, shard, orders, quantity, amount_minor)
			SELECT (c.paid_at AT TIME ZONE %2$L)::date, c.item_code, c.region, c.currency,
				coalesce(c.affiliate, ''), overview_shard(),
				sum(c.sign), sum(c.sign * c.quantity), sum(c.sign * (c.amount_minor - c.refunded_minor))
			FROM (%1$s) AS c
			WHERE c.status = 'paid' AND c.paid_at IS NOT NULL
			GROUP BY 1, 2, 3, 4, 5
			HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0 OR sum(c.sign * (c.amount_minor - c.refunded_minor)) <> 0
			ORDER BY 1, 2, 3, 4, 5
			ON CONFLICT (day, item_code, region, currency, affiliate, shard) DO UPDATE SET
				orders = r.orders + excluded.orders,
				quantity = r.quantity + excluded.quantity,
				amount_minor = r.amount_minor + excluded.amount_minor
		$q$, changes, overview_zone()),
		format($q$
			INSERT INTO overview_orders_daily AS r
				(day, status, was_paid, coupon_code, currency, shard, orders, discount_minor)
			SELECT (c.created_at AT TIME ZONE %2$L)::date, c.status, c.paid_at IS NOT NULL,
				coalesce(c.coupon_code, ''), c.currency, overview_shard(),
				sum(c.sign), sum(c.sign * c.discount_minor)
			FROM (%1$s) AS c
			GROUP BY 1, 2, 3, 4, 5
			HAVING sum(c.sign) <> 0 OR sum(c.sign * c.discount_minor) <> 0
			ORDER BY 1, 2, 3, 4, 5
			ON CONFLICT (day, status, was_paid, coupon_code, currency, shard) DO UPDATE SET
				orders = r.orders + excluded.orders,
				discount_minor = r.discount_minor + excluded.discount_minor
		$q$, changes, overview_zone()),
		format($q$
			INSERT INTO overview_pass_counts AS r (item_code, shard, issued, claimed)
			SELECT p.item_code, overview_shard(), sum(c.sign),
				sum(c.sign * (p.claimed_at IS NOT NULL)::int)
			FROM (%1$s) AS c JOIN passes AS p ON p.order_id = c.id
			WHERE c.status = 'paid'
			GROUP BY 1
			HAVING sum(c.sign) <> 0 OR sum(c.sign * (p.claimed_at IS NOT NULL)::int) <> 0
			ORDER BY 1
			ON CONFLICT (item_code, shard) DO UPDATE SET
				issued = r.issued + excluded.issued,
				claimed = r.claimed + excluded.claimed
		$q$, changes)
	]
$fn$;
