-- Launch day at a glance (issue 27 item 1, docs/decisions/121).
--
-- 1. The overview's days are the owner's days (OWNER_TIME_ZONE, decision 111), not UTC days:
--    the roll-ups (0009, 0012) key each row by the date in `overview_settings.time_zone`, which
--    the app sets at boot through `set_overview_time_zone(zone)`; a new zone recounts every
--    roll-up once, in the same transaction, writers held off.
-- 2. Passes issued and claimed (of paid orders) are a roll-up too, `overview_pass_counts`, kept
--    by the same statement-level triggers: on passes as they are written, on orders as one
--    becomes paid or stops being paid. The overview no longer counts every pass joined to its
--    order on each request (260-530 ms at 100,000 orders).
-- 3. Workshop sign-ups per session (the overview's head counts, decision 110) are a roll-up too,
--    `overview_session_counts`, instead of counting every workshop lead on each request
--    (40,000 at the bench's scale: 140-450 ms).
-- 4. E-mails that failed for good, by when: an index for "the last hour" and "today".

CREATE TABLE overview_settings (
	id boolean PRIMARY KEY DEFAULT true CHECK (id),
	time_zone text NOT NULL DEFAULT 'UTC'
);
INSERT INTO overview_settings (id, time_zone) VALUES (true, 'UTC');

-- The zone the roll-ups' days are dated in.
CREATE FUNCTION overview_zone() RETURNS text LANGUAGE sql STABLE AS $fn$
	SELECT coalesce((SELECT time_zone FROM overview_settings WHERE id), 'UTC')
$fn$;

-- Per item (a day pass, or a course's seat links, decision 118), so the overview tells them apart.
CREATE TABLE overview_pass_counts (
	item_code text NOT NULL,
	shard smallint NOT NULL,
	issued bigint NOT NULL DEFAULT 0,
	claimed bigint NOT NULL DEFAULT 0,
	PRIMARY KEY (item_code, shard)
);

-- Workshop sign-ups per session; no session is '' (a primary key has no NULL).
CREATE TABLE overview_session_counts (
	workshop_session text NOT NULL,
	shard smallint NOT NULL,
	signups integer NOT NULL,
	PRIMARY KEY (workshop_session, shard)
);

-- The same statements as 0012, each day now the date in the roll-ups' zone (read once per
-- statement, as a literal), and a third: passes of orders that became paid (+) or stopped being
-- paid (-). A pass is written after its order (a foreign key), so an order's insert finds none.
CREATE OR REPLACE FUNCTION overview_order_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT ARRAY[
		format($q$
			INSERT INTO overview_paid_daily AS r
				(day, item_code, region, currency, affiliate, shard, orders, quantity, amount_minor)
			SELECT (c.paid_at AT TIME ZONE %2$L)::date, c.item_code, c.region, c.currency,
				coalesce(c.affiliate, ''), overview_shard(),
				sum(c.sign), sum(c.sign * c.quantity), sum(c.sign * c.amount_minor)
			FROM (%1$s) AS c
			WHERE c.status = 'paid' AND c.paid_at IS NOT NULL
			GROUP BY 1, 2, 3, 4, 5
			HAVING sum(c.sign) <> 0 OR sum(c.sign * c.quantity) <> 0 OR sum(c.sign * c.amount_minor) <> 0
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

CREATE OR REPLACE FUNCTION overview_lead_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT ARRAY[
		format($q$
			INSERT INTO overview_signups_daily AS r (day, list, partner_key, shard, signups)
			SELECT (c.created_at AT TIME ZONE %2$L)::date, c.list, coalesce(c.partner_key, ''),
				overview_shard(), sum(c.sign)
			FROM (%1$s) AS c
			GROUP BY 1, 2, 3
			HAVING sum(c.sign) <> 0
			ORDER BY 1, 2, 3
			ON CONFLICT (day, list, partner_key, shard) DO UPDATE SET signups = r.signups + excluded.signups
		$q$, changes, overview_zone()),
		format($q$
			INSERT INTO overview_session_counts AS r (workshop_session, shard, signups)
			SELECT coalesce(c.workshop_session, ''), overview_shard(), sum(c.sign)
			FROM (%1$s) AS c
			WHERE c.list = 'workshop'
			GROUP BY 1
			HAVING sum(c.sign) <> 0
			ORDER BY 1
			ON CONFLICT (workshop_session, shard) DO UPDATE SET signups = r.signups + excluded.signups
		$q$, changes)
	]
$fn$;

-- Passes as written: those of paid orders count. First their orders are locked FOR SHARE, so an
-- order being paid or refunded at the same moment commits first (its own trigger then missed
-- these passes, not yet committed) and the count below, a new statement, sees it paid or not;
-- or it waits for this transaction, and its trigger's count sees these passes.
CREATE FUNCTION overview_pass_rollups(changes text) RETURNS text[] LANGUAGE sql AS $fn$
	SELECT ARRAY[
		format($q$
			SELECT count(*) FROM (
				SELECT 1 FROM orders AS o WHERE o.id IN (SELECT c.order_id FROM (%1$s) AS c)
				ORDER BY o.id FOR SHARE OF o
			) AS locked
		$q$, changes),
		format($q$
			INSERT INTO overview_pass_counts AS r (item_code, shard, issued, claimed)
			SELECT c.item_code, overview_shard(), sum(c.sign),
				sum(c.sign * (c.claimed_at IS NOT NULL)::int)
			FROM (%1$s) AS c JOIN orders AS o ON o.id = c.order_id
			WHERE o.status = 'paid'
			GROUP BY 1
			HAVING sum(c.sign) <> 0 OR sum(c.sign * (c.claimed_at IS NOT NULL)::int) <> 0
			ORDER BY 1
			ON CONFLICT (item_code, shard) DO UPDATE SET
				issued = r.issued + excluded.issued,
				claimed = r.claimed + excluded.claimed
		$q$, changes)
	]
$fn$;

CREATE OR REPLACE FUNCTION overview_follow_changes() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
	statements text[] := CASE TG_TABLE_NAME
		WHEN 'orders' THEN overview_order_rollups(overview_changes(TG_OP))
		WHEN 'passes' THEN overview_pass_rollups(overview_changes(TG_OP))
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
	ELSIF TG_TABLE_NAME = 'passes' THEN
		DELETE FROM overview_pass_counts;
	ELSE
		DELETE FROM overview_signups_daily;
		DELETE FROM overview_session_counts;
	END IF;
	RETURN NULL;
END
$fn$;

CREATE TRIGGER overview_passes_inserted AFTER INSERT ON passes
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER overview_passes_updated AFTER UPDATE ON passes
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER overview_passes_deleted AFTER DELETE ON passes
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_changes();
CREATE TRIGGER overview_passes_truncated AFTER TRUNCATE ON passes
	FOR EACH STATEMENT EXECUTE FUNCTION overview_follow_truncate();

-- Counts every roll-up again from the orders, passes and leads themselves (0009's, with passes
-- and sessions).
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
	FOREACH statement IN ARRAY overview_order_rollups('SELECT o.*, 1 AS sign FROM orders AS o') LOOP
		EXECUTE statement;
	END LOOP;
	FOREACH statement IN ARRAY overview_lead_rollups('SELECT l.*, 1 AS sign FROM leads AS l') LOOP
		EXECUTE statement;
	END LOOP;
END
$fn$;

-- Dates the roll-ups in `zone` (an IANA name the database knows; else it raises 22023). Does
-- nothing when they already are; else, writers held off, stores the zone and counts again.
-- Returns whether it counted again.
CREATE FUNCTION set_overview_time_zone(zone text) RETURNS boolean LANGUAGE plpgsql AS $fn$
BEGIN
	PERFORM now() AT TIME ZONE zone;
	IF overview_zone() = zone THEN
		RETURN false;
	END IF;
	LOCK TABLE orders, passes, leads IN SHARE ROW EXCLUSIVE MODE;
	UPDATE overview_settings SET time_zone = zone WHERE id;
	PERFORM rebuild_overview_rollups();
	RETURN true;
END
$fn$;

CREATE INDEX outbox_failed_idx ON outbox (failed_at) WHERE failed_at IS NOT NULL;

SELECT rebuild_overview_rollups();
