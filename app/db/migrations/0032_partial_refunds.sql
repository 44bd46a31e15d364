-- Partial refunds (issue 26 item 6, docs/decisions/123), after money's roll-up (0031, decision 124).
--
-- 1. `orders.refunded_minor` (added by 0031, NULL meaning "the whole amount"): from now on what
--    has been refunded of the order, never NULL: the whole amount of an order already refunded,
--    0 of any other, at most the amount.
-- 2. `refunds`: each part of an order refunded, partial or the rest (the full refund), with the
--    day it happened: how much, how many seats or passes and which pass ids, the provider's refund
--    id, and the order's product, region and currency (the roll-up's keys, kept on the row so
--    its trigger needs no order, which a cascade may have deleted already). Its id is the
--    refund's idempotency key (one per pass, or per amount form shown, or `<order>.rest` for the
--    full refund), so a double submit records one refund; the provider gets the same key.
-- 3. The refunds table is the ONE source of the refunded movements of `money_daily`: its own
--    statement-level triggers count each refund on its own day; the orders' statement
--    (`money_order_rollups`) no longer emits 'refunded'. An order that becomes refunded gets its
--    `<order>.rest` row (what its partial refunds left) from a row trigger, whatever path refunded
--    it (the owner, the provider's webhook, SQL), and `refunded_minor` becomes its whole amount.
-- 4. One credit note per refund (decision 115 allowed one per order): `invoices.refund_id`.
-- 5. The overview's paid revenue is net of partial refunds: 0030's statements again
--    (`overview_order_rollups_0030`, which 0031 wraps), each paid order counting
--    `amount_minor - refunded_minor` on the day it was paid.

UPDATE orders SET refunded_minor = amount_minor WHERE refunded_minor IS NULL AND status = 'refunded';
UPDATE orders SET refunded_minor = 0 WHERE refunded_minor IS NULL;
ALTER TABLE orders ALTER COLUMN refunded_minor SET DEFAULT 0;
ALTER TABLE orders ALTER COLUMN refunded_minor SET NOT NULL;
ALTER TABLE orders ADD CONSTRAINT orders_refunded_minor_check
	CHECK (refunded_minor >= 0 AND refunded_minor <= amount_minor);

CREATE TABLE refunds (
	id text PRIMARY KEY,
	order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
	-- 0 only for the rest of an order that charged nothing (a free order refunded).
	amount_minor integer NOT NULL CHECK (amount_minor >= 0),
	quantity integer NOT NULL DEFAULT 0 CHECK (quantity >= 0),
	pass_ids jsonb NOT NULL DEFAULT '[]',
	provider_refund_id text,
	item_code text NOT NULL,
	region text NOT NULL,
	currency char(3) NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_order ON refunds (order_id, created_at);

-- Orders refunded before this migration: the whole amount, on the day refunded (as 0031 counted).
INSERT INTO refunds (id, order_id, amount_minor, quantity, item_code, region, currency, created_at)
SELECT o.id || '.rest', o.id, o.amount_minor, o.quantity, o.item_code, o.region, o.currency,
	coalesce(o.refunded_at, o.updated_at)
FROM orders AS o
WHERE o.status = 'refunded' AND o.paid_at IS NOT NULL;

-- An order becoming refunded: all of it is refunded, and what its partial refunds left is its
-- last refund (an order refunded without ever being paid, a late payment, has none: 0031 never
-- counted its gross either).
CREATE FUNCTION orders_refunded_in_full() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	IF TG_WHEN = 'BEFORE' THEN
		NEW.refunded_minor := NEW.amount_minor;
		NEW.refunded_at := coalesce(NEW.refunded_at, now());
		RETURN NEW;
	END IF;
	IF NEW.paid_at IS NOT NULL THEN
		INSERT INTO refunds (id, order_id, amount_minor, quantity, item_code, region, currency, created_at)
		VALUES (NEW.id || '.rest', NEW.id, NEW.amount_minor - OLD.refunded_minor, NEW.quantity,
			NEW.item_code, NEW.region, NEW.currency, NEW.refunded_at)
		ON CONFLICT (id) DO NOTHING;
	END IF;
	RETURN NULL;
END
$fn$;
CREATE TRIGGER orders_refunded_in_full_before BEFORE UPDATE OF status ON orders
	FOR EACH ROW WHEN (NEW.status = 'refunded' AND OLD.status IS DISTINCT FROM 'refunded')
	EXECUTE FUNCTION orders_refunded_in_full();
CREATE TRIGGER orders_refunded_in_full_after AFTER UPDATE OF status ON orders
	FOR EACH ROW WHEN (NEW.status = 'refunded' AND OLD.status = 'paid')
	EXECUTE FUNCTION orders_refunded_in_full();

-- A credit note per refund: the invoice stays one per order.
ALTER TABLE invoices ADD COLUMN refund_id text REFERENCES refunds (id);
UPDATE invoices AS i SET refund_id = r.id FROM refunds AS r
WHERE i.kind = 'credit_note' AND r.id = i.order_id || '.rest';
ALTER TABLE invoices DROP CONSTRAINT invoices_order_id_kind_key;
CREATE UNIQUE INDEX invoices_one_invoice_per_order ON invoices (order_id) WHERE kind = 'invoice';
ALTER TABLE invoices ADD CONSTRAINT invoices_refund_id_key UNIQUE (refund_id);

-- Gross (on the day paid) and fee only: refunded movements come from `refunds` (below).
CREATE OR REPLACE FUNCTION money_order_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT ARRAY[
		format($q$
			INSERT INTO money_daily AS r
				(day, kind, item_code, region, currency, shard, orders, amount_minor)
			SELECT m.day, m.kind, c.item_code, c.region, m.currency, overview_shard(),
				sum(c.sign), sum(c.sign * m.amount)
			FROM (%1$s) AS c
			CROSS JOIN LATERAL (VALUES
				('gross', (c.paid_at AT TIME ZONE %2$L)::date, c.currency::text, c.amount_minor),
				('fee', (c.paid_at AT TIME ZONE %2$L)::date, c.provider_fee_currency::text,
					c.provider_fee_minor)
			) AS m (kind, day, currency, amount)
			WHERE c.status IN ('paid', 'refunded') AND c.paid_at IS NOT NULL
				AND m.day IS NOT NULL AND m.currency IS NOT NULL AND m.amount IS NOT NULL
			GROUP BY 1, 2, 3, 4, 5
			HAVING sum(c.sign) <> 0 OR sum(c.sign * m.amount) <> 0
			ORDER BY 1, 2, 3, 4, 5
			ON CONFLICT (day, kind, item_code, region, currency, shard) DO UPDATE SET
				orders = r.orders + excluded.orders,
				amount_minor = r.amount_minor + excluded.amount_minor
		$q$, changes, overview_zone())
	]
$fn$;

-- Each refund on its own day: `orders` of the refunded kind counts refunds.
CREATE FUNCTION money_refund_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT ARRAY[
		format($q$
			INSERT INTO money_daily AS r
				(day, kind, item_code, region, currency, shard, orders, amount_minor)
			SELECT (c.created_at AT TIME ZONE %2$L)::date, 'refunded', c.item_code, c.region,
				c.currency::text, overview_shard(), sum(c.sign), sum(c.sign * c.amount_minor)
			FROM (%1$s) AS c
			GROUP BY 1, 2, 3, 4, 5
			HAVING sum(c.sign) <> 0 OR sum(c.sign * c.amount_minor) <> 0
			ORDER BY 1, 2, 3, 4, 5
			ON CONFLICT (day, kind, item_code, region, currency, shard) DO UPDATE SET
				orders = r.orders + excluded.orders,
				amount_minor = r.amount_minor + excluded.amount_minor
		$q$, changes, overview_zone())
	]
$fn$;

CREATE OR REPLACE FUNCTION overview_follow_changes() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
	statements text[] := CASE TG_TABLE_NAME
		WHEN 'orders' THEN overview_order_rollups(overview_changes(TG_OP))
		WHEN 'passes' THEN overview_pass_rollups(overview_changes(TG_OP))
		WHEN 'refunds' THEN money_refund_rollups(overview_changes(TG_OP))
		ELSE overview_lead_rollups(overview_changes(TG_OP))
	END;
	statement text;
BEGIN
	FOREACH statement IN ARRAY statements LOOP
		EXECUTE statement;
	END LOOP;
	RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION overview_follow_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	IF TG_TABLE_NAME = 'orders' THEN
		DELETE FROM overview_paid_daily;
		DELETE FROM overview_orders_daily;
		DELETE FROM money_daily;
	ELSIF TG_TABLE_NAME = 'refunds' THEN
		DELETE FROM money_daily WHERE kind = 'refunded';
	ELSIF TG_TABLE_NAME = 'passes' THEN
		DELETE FROM overview_pass_counts;
	ELSE
		DELETE FROM overview_signups_daily;
		DELETE FROM overview_session_counts;
	END IF;
	RETURN NULL;
END
$fn$;

CREATE TRIGGER money_refunds_inserted AFTER INSERT ON refunds
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER money_refunds_updated AFTER UPDATE ON refunds
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER money_refunds_deleted AFTER DELETE ON refunds
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER money_refunds_truncated AFTER TRUNCATE ON refunds
	FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_truncate();

-- 0031's rebuild, counting the refunds too. An order refunded while the triggers were off (a
-- replica, a restore) first gets the last refund its trigger would have written.
CREATE OR REPLACE FUNCTION rebuild_overview_rollups() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
	statement text;
BEGIN
	LOCK TABLE orders, passes, leads, refunds IN SHARE ROW EXCLUSIVE MODE;
	INSERT INTO refunds (id, order_id, amount_minor, quantity, item_code, region, currency, created_at)
	SELECT o.id || '.rest', o.id,
		greatest(o.amount_minor - coalesce((SELECT sum(r.amount_minor) FROM refunds AS r
			WHERE r.order_id = o.id), 0), 0),
		o.quantity, o.item_code, o.region, o.currency, coalesce(o.refunded_at, o.updated_at)
	FROM orders AS o
	WHERE o.status = 'refunded' AND o.paid_at IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM refunds AS r WHERE r.id = o.id || '.rest')
	ORDER BY o.id;
	UPDATE orders SET refunded_minor = amount_minor
	WHERE status = 'refunded' AND refunded_minor <> amount_minor;
	DELETE FROM overview_paid_daily;
	DELETE FROM overview_orders_daily;
	DELETE FROM overview_signups_daily;
	DELETE FROM overview_pass_counts;
	DELETE FROM overview_session_counts;
	DELETE FROM money_daily;
	FOREACH statement IN ARRAY overview_order_rollups('SELECT o.*, 1 AS sign FROM orders AS o') LOOP
		EXECUTE statement;
	END LOOP;
	FOREACH statement IN ARRAY money_refund_rollups('SELECT r.*, 1 AS sign FROM refunds AS r') LOOP
		EXECUTE statement;
	END LOOP;
	FOREACH statement IN ARRAY overview_lead_rollups('SELECT l.*, 1 AS sign FROM leads AS l') LOOP
		EXECUTE statement;
	END LOOP;
END
$fn$;

CREATE OR REPLACE FUNCTION overview_order_rollups_0030(changes text) RETURNS text[] LANGUAGE sql AS $fn$
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

SELECT rebuild_overview_rollups();
