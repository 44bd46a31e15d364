-- Roll-up rows in shards (docs/decisions/107). Every order and sign-up of a day upserted the same
-- roll-up row, which each writer then held locked until its commit: on launch day every
-- checkout, payment and sign-up queued behind the others' commits (`npm run bench:sellout`
-- showed checkouts holding the seat lock while waiting for a payment's roll-up row). Now each
-- database session writes its own shard of a row, chosen by its backend's process id, so two
-- writers meet on a row only when their sessions share a shard (64 shards). The overview sums
-- the rows of a key across shards, as it already sums them across days.

ALTER TABLE overview_paid_daily ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE overview_paid_daily DROP CONSTRAINT overview_paid_daily_pkey,
	ADD PRIMARY KEY (day, item_code, region, currency, affiliate, shard);
ALTER TABLE overview_orders_daily ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE overview_orders_daily DROP CONSTRAINT overview_orders_daily_pkey,
	ADD PRIMARY KEY (day, status, was_paid, coupon_code, currency, shard);
ALTER TABLE overview_signups_daily ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE overview_signups_daily DROP CONSTRAINT overview_signups_daily_pkey,
	ADD PRIMARY KEY (day, list, partner_key, shard);

-- This session's shard.
CREATE FUNCTION overview_shard() RETURNS smallint LANGUAGE sql STABLE AS $fn$
	SELECT (pg_backend_pid() % 64)::smallint
$fn$;

CREATE OR REPLACE FUNCTION overview_order_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT ARRAY[
		format($q$
			INSERT INTO overview_paid_daily AS r
				(day, item_code, region, currency, affiliate, shard, orders, quantity, amount_minor)
			SELECT (c.paid_at AT TIME ZONE 'UTC')::date, c.item_code, c.region, c.currency,
				coalesce(c.affiliate, ''), overview_shard(),
				sum(c.sign), sum(c.sign * c.quantity), sum(c.sign * c.amount_minor)
			FROM (%s) AS c
			WHERE c.status = 'paid' AND c.paid_at IS NOT NULL
			GROUP BY 1, 2, 3, 4, 5
			HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0 OR sum(c.sign * c.amount_minor) <> 0
			ORDER BY 1, 2, 3, 4, 5
			ON CONFLICT (day, item_code, region, currency, affiliate, shard) DO UPDATE SET
				orders = r.orders + excluded.orders,
				quantity = r.quantity + excluded.quantity,
				amount_minor = r.amount_minor + excluded.amount_minor
		$q$, changes),
		format($q$
			INSERT INTO overview_orders_daily AS r
				(day, status, was_paid, coupon_code, currency, shard, orders, discount_minor)
			SELECT (c.created_at AT TIME ZONE 'UTC')::date, c.status, c.paid_at IS NOT NULL,
				coalesce(c.coupon_code, ''), c.currency, overview_shard(),
				sum(c.sign), sum(c.sign * c.discount_minor)
			FROM (%s) AS c
			GROUP BY 1, 2, 3, 4, 5
			HAVING sum(c.sign) <> 0 OR sum(c.sign * c.discount_minor) <> 0
			ORDER BY 1, 2, 3, 4, 5
			ON CONFLICT (day, status, was_paid, coupon_code, currency, shard) DO UPDATE SET
				orders = r.orders + excluded.orders,
				discount_minor = r.discount_minor + excluded.discount_minor
		$q$, changes)
	]
$fn$;

CREATE OR REPLACE FUNCTION overview_lead_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT ARRAY[
		format($q$
			INSERT INTO overview_signups_daily AS r (day, list, partner_key, shard, signups)
			SELECT (c.created_at AT TIME ZONE 'UTC')::date, c.list, coalesce(c.partner_key, ''),
				overview_shard(), sum(c.sign)
			FROM (%s) AS c
			GROUP BY 1, 2, 3
			HAVING sum(c.sign) <> 0
			ORDER BY 1, 2, 3
			ON CONFLICT (day, list, partner_key, shard) DO UPDATE SET signups = r.signups + excluded.signups
		$q$, changes)
	]
$fn$;
