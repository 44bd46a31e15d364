-- Daily roll-ups of the owner's overview (docs/decisions/095): the three grouped scans of
-- decision 084, summed per UTC day, so that a year's overview reads a few thousand rows instead
-- of every order and sign-up.
--
-- The database keeps them, not the code that writes orders and leads: statement-level triggers
-- on both tables add every INSERT, UPDATE and DELETE to the roll-ups in the same transaction,
-- whoever makes it (checkout, payments, refunds, expiry, late payments, sign-ups, the seed
-- script, an operator in psql). A change adds its rows as they are now and takes them away as
-- they were, so a refund moves an order out of its paid day whenever it happens, and a
-- rolled-back change leaves nothing. Concurrent writers add up: each upsert locks its roll-up
-- row until commit, in key order (no deadlock between two statements), and a reader's snapshot
-- sees the roll-ups and the rows they count at the same moment.
--
-- A primary key has no NULL: an order without a partner or coupon, and a sign-up without a
-- partner, are keyed ''. The overview treats '' and NULL alike (neither is a partner or coupon).
-- Rows that fall to zero stay; readers skip them.

-- Paid orders (status 'paid') by the UTC day they were paid: revenue by day, product, region,
-- partner, in each currency.
CREATE TABLE overview_paid_daily (
	day date NOT NULL,
	item_code text NOT NULL,
	region text NOT NULL,
	currency text NOT NULL,
	affiliate text NOT NULL,
	orders integer NOT NULL,
	quantity bigint NOT NULL,
	amount_minor bigint NOT NULL,
	PRIMARY KEY (day, item_code, region, currency, affiliate)
);

-- Orders by the UTC day they were created: the funnel's checkouts and coupons.
CREATE TABLE overview_orders_daily (
	day date NOT NULL,
	status text NOT NULL,
	was_paid boolean NOT NULL,
	coupon_code text NOT NULL,
	currency text NOT NULL,
	orders integer NOT NULL,
	discount_minor bigint NOT NULL,
	PRIMARY KEY (day, status, was_paid, coupon_code, currency)
);

-- Sign-ups by the UTC day they were first made.
CREATE TABLE overview_signups_daily (
	day date NOT NULL,
	list text NOT NULL,
	partner_key text NOT NULL,
	signups integer NOT NULL,
	PRIMARY KEY (day, list, partner_key)
);

-- How each roll-up counts a row: the upserts that add `changes` to them, where `changes` is a
-- query of rows of the source table with a `sign` column (+1 adds the row, -1 takes it away).
-- The triggers and rebuild_overview_rollups() share them, so the two cannot count differently.
CREATE FUNCTION overview_order_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT ARRAY[
		format($q$
			INSERT INTO overview_paid_daily AS r
				(day, item_code, region, currency, affiliate, orders, quantity, amount_minor)
			SELECT (c.paid_at AT TIME ZONE 'UTC')::date, c.item_code, c.region, c.currency,
				coalesce(c.affiliate, ''), sum(c.sign), sum(c.sign * c.quantity), sum(c.sign * c.amount_minor)
			FROM (%s) AS c
			WHERE c.status = 'paid' AND c.paid_at IS NOT NULL
			GROUP BY 1, 2, 3, 4, 5
			HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0 OR sum(c.sign * c.amount_minor) <> 0
			ORDER BY 1, 2, 3, 4, 5
			ON CONFLICT (day, item_code, region, currency, affiliate) DO UPDATE SET
				orders = r.orders + excluded.orders,
				quantity = r.quantity + excluded.quantity,
				amount_minor = r.amount_minor + excluded.amount_minor
		$q$, changes),
		format($q$
			INSERT INTO overview_orders_daily AS r
				(day, status, was_paid, coupon_code, currency, orders, discount_minor)
			SELECT (c.created_at AT TIME ZONE 'UTC')::date, c.status, c.paid_at IS NOT NULL,
				coalesce(c.coupon_code, ''), c.currency, sum(c.sign), sum(c.sign * c.discount_minor)
			FROM (%s) AS c
			GROUP BY 1, 2, 3, 4, 5
			HAVING sum(c.sign) <> 0 OR sum(c.sign * c.discount_minor) <> 0
			ORDER BY 1, 2, 3, 4, 5
			ON CONFLICT (day, status, was_paid, coupon_code, currency) DO UPDATE SET
				orders = r.orders + excluded.orders,
				discount_minor = r.discount_minor + excluded.discount_minor
		$q$, changes)
	]
$fn$;

CREATE FUNCTION overview_lead_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT ARRAY[
		format($q$
			INSERT INTO overview_signups_daily AS r (day, list, partner_key, signups)
			SELECT (c.created_at AT TIME ZONE 'UTC')::date, c.list, coalesce(c.partner_key, ''), sum(c.sign)
			FROM (%s) AS c
			GROUP BY 1, 2, 3
			HAVING sum(c.sign) <> 0
			ORDER BY 1, 2, 3
			ON CONFLICT (day, list, partner_key) DO UPDATE SET signups = r.signups + excluded.signups
		$q$, changes)
	]
$fn$;

-- The rows one statement changed, as `changes`: its transition tables, as the rows are now
-- (+1) and as they were (-1). Transition tables are visible to EXECUTE in the trigger function.
CREATE FUNCTION overview_changes(operation text) RETURNS text LANGUAGE sql AS $fn$
	SELECT CASE operation
		WHEN 'INSERT' THEN 'SELECT n.*, 1 AS sign FROM new_rows AS n'
		WHEN 'DELETE' THEN 'SELECT o.*, -1 AS sign FROM old_rows AS o'
		ELSE 'SELECT n.*, 1 AS sign FROM new_rows AS n UNION ALL SELECT o.*, -1 FROM old_rows AS o'
	END
$fn$;

CREATE FUNCTION overview_follow_changes() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
	statements text[] := CASE TG_TABLE_NAME
		WHEN 'orders' THEN overview_order_rollups(overview_changes(TG_OP))
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

-- TRUNCATE fires no row changes: it empties the roll-ups of what it emptied.
CREATE FUNCTION overview_follow_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
	IF TG_TABLE_NAME = 'orders' THEN
		DELETE FROM overview_paid_daily;
		DELETE FROM overview_orders_daily;
	ELSE
		DELETE FROM overview_signups_daily;
	END IF;
	RETURN NULL;
END
$fn$;

-- A trigger with transition tables names one event, so three per table.
CREATE TRIGGER overview_orders_inserted AFTER INSERT ON orders
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER overview_orders_updated AFTER UPDATE ON orders
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER overview_orders_deleted AFTER DELETE ON orders
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER overview_orders_truncated AFTER TRUNCATE ON orders
	FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_truncate();

CREATE TRIGGER overview_leads_inserted AFTER INSERT ON leads
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER overview_leads_updated AFTER UPDATE ON leads
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER overview_leads_deleted AFTER DELETE ON leads
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER overview_leads_truncated AFTER TRUNCATE ON leads
	FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_truncate();

-- Counts every roll-up again from the orders and leads themselves. For rows written while the
-- triggers did not fire (session_replication_role = replica, DISABLE TRIGGER, a logical
-- replica); `SELECT rebuild_overview_rollups();` in psql. Writers wait while it runs (it locks
-- orders and leads against changes, and against a second rebuild); readers do not.
CREATE FUNCTION rebuild_overview_rollups() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
	statement text;
BEGIN
	LOCK TABLE orders, leads IN SHARE ROW EXCLUSIVE MODE;
	DELETE FROM overview_paid_daily;
	DELETE FROM overview_orders_daily;
	DELETE FROM overview_signups_daily;
	FOREACH statement IN ARRAY overview_order_rollups('SELECT o.*, 1 AS sign FROM orders AS o') LOOP
		EXECUTE statement;
	END LOOP;
	FOREACH statement IN ARRAY overview_lead_rollups('SELECT l.*, 1 AS sign FROM leads AS l') LOOP
		EXECUTE statement;
	END LOOP;
END
$fn$;

-- The orders and leads already there. The triggers above already hold orders and leads against
-- writers (CREATE TRIGGER's lock, kept until this migration commits), so none is missed.
SELECT rebuild_overview_rollups();
