-- Money as an accountant reads it (issue 27 item 4, docs/decisions/124).
--
-- `overview_paid_daily` counts an order while it is paid: a refund today takes the order's
-- revenue out of the day it was paid. The accountant wants each movement on its own day:
-- gross on the day paid (a refund does not change it), refunded on the day refunded, and the
-- payment provider's fee on the day paid. `money_daily` keeps the three, per product, region
-- and currency, by the same statement-level triggers as the overview (0009, 0012, 0030).
--
-- The refunded amount is `orders.refunded_minor` where set, else the whole amount: today every
-- refund is whole and leaves it NULL; a partial refund can set it (or a `refunds` table can
-- feed this roll-up by its own trigger) without another change of the page.
-- The fee is `orders.provider_fee_minor` in `provider_fee_currency` (Stripe's balance
-- transaction: the account's settlement currency, not always the order's), read by a job after
-- the payment; NULL where the provider reports none.

ALTER TABLE orders ADD COLUMN refunded_minor integer;
ALTER TABLE orders ADD COLUMN provider_fee_minor integer;
ALTER TABLE orders ADD COLUMN provider_fee_currency char(3);

CREATE TABLE money_daily (
	day date NOT NULL,
	kind text NOT NULL CHECK (kind IN ('gross', 'refunded', 'fee')),
	item_code text NOT NULL,
	region text NOT NULL,
	currency text NOT NULL,
	shard smallint NOT NULL,
	orders integer NOT NULL,
	amount_minor bigint NOT NULL,
	PRIMARY KEY (day, kind, item_code, region, currency, shard)
);

-- Each changed order gives up to three movements: gross (paid, or paid then refunded, on the
-- day paid), refunded (on the day refunded) and fee (on the day paid, in the fee's currency).
CREATE FUNCTION money_order_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT ARRAY[
		format($q$
			INSERT INTO money_daily AS r
				(day, kind, item_code, region, currency, shard, orders, amount_minor)
			SELECT m.day, m.kind, c.item_code, c.region, m.currency, overview_shard(),
				sum(c.sign), sum(c.sign * m.amount)
			FROM (%1$s) AS c
			CROSS JOIN LATERAL (VALUES
				('gross', (c.paid_at AT TIME ZONE %2$L)::date, c.currency::text, c.amount_minor),
				('refunded', (c.refunded_at AT TIME ZONE %2$L)::date, c.currency::text,
					coalesce(c.refunded_minor, c.amount_minor)),
				('fee', (c.paid_at AT TIME ZONE %2$L)::date, c.provider_fee_currency::text,
					c.provider_fee_minor)
			) AS m (kind, day, currency, amount)
			WHERE c.status IN ('paid', 'refunded') AND c.paid_at IS NOT NULL
				AND m.day IS NOT NULL AND m.currency IS NOT NULL AND m.amount IS NOT NULL
				AND (m.kind <> 'refunded' OR c.status = 'refunded' OR c.refunded_minor IS NOT NULL)
			GROUP BY 1, 2, 3, 4, 5
			HAVING sum(c.sign) <> 0 OR sum(c.sign * m.amount) <> 0
			ORDER BY 1, 2, 3, 4, 5
			ON CONFLICT (day, kind, item_code, region, currency, shard) DO UPDATE SET
				orders = r.orders + excluded.orders,
				amount_minor = r.amount_minor + excluded.amount_minor
		$q$, changes, overview_zone())
	]
$fn$;

-- The overview's statements (0030) and this one, for the trigger and the rebuild alike.
ALTER FUNCTION overview_order_rollups(text) RENAME TO overview_order_rollups_0030;
CREATE FUNCTION overview_order_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT overview_order_rollups_0030(changes) || money_order_rollups(changes)
$fn$;

CREATE OR REPLACE FUNCTION overview_follow_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	IF TG_TABLE_NAME = 'orders' THEN
		DELETE FROM overview_paid_daily;
		DELETE FROM overview_orders_daily;
		DELETE FROM money_daily;
	ELSIF TG_TABLE_NAME = 'passes' THEN
		DELETE FROM overview_pass_counts;
	ELSE
		DELETE FROM overview_signups_daily;
		DELETE FROM overview_session_counts;
	END IF;
	RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION rebuild_overview_rollups() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
	statement text;
BEGIN
	LOCK TABLE orders, passes, leads IN SHARE ROW EXCLUSIVE MODE;
	DELETE FROM overview_paid_daily;
	DELETE FROM overview_orders_daily;
	DELETE FROM overview_signups_daily;
	DELETE FROM overview_pass_counts;
	DELETE FROM overview_session_counts;
	DELETE FROM money_daily;
	FOREACH statement IN ARRAY overview_order_rollups('SELECT o.*, 1 AS sign FROM orders AS o') LOOP
		EXECUTE statement;
	END LOOP;
	FOREACH statement IN ARRAY overview_lead_rollups('SELECT l.*, 1 AS sign FROM leads AS l') LOOP
		EXECUTE statement;
	END LOOP;
END
$fn$;

-- Orders already paid or refunded, counted once (the triggers above count from here on).
DO $do$
DECLARE
	statement text;
BEGIN
	LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;
	FOREACH statement IN ARRAY money_order_rollups('SELECT o.*, 1 AS sign FROM orders AS o') LOOP
		EXECUTE statement;
	END LOOP;
END
$do$;
