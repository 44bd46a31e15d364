-- Seat counting in the database (docs/decisions/031, 107). A checkout locks its capacity rows
-- (the course, or an item with its own capacity) and counts the seats held; the lock was taken
-- and the count made in two calls from the app server, so the lock was held across its round
-- trips. `lock_seat_counts` does both in one call: in PL/pgSQL each statement takes a new
-- snapshot under READ COMMITTED, so the count after the lock sees every order committed by the
-- lock's previous holders, as the app's second statement did.
--
-- A pool is named by exactly one of its course (every item of the course counts against the
-- course's seats) and its item (an item with a capacity of its own).

-- The orders that count against a pool.
CREATE FUNCTION seat_pool_orders(pool_course text, pool_item text) RETURNS SETOF orders
LANGUAGE sql STABLE AS $fn$
	SELECT o.* FROM orders o
	WHERE (pool_course IS NOT NULL
			AND o.item_code IN (SELECT c.code FROM catalog_items c WHERE c.course_slug = pool_course))
		OR (pool_item IS NOT NULL AND o.item_code = pool_item)
$fn$;

-- Paid seats, seats held (paid, or pending and not expired), and those held by `buyer`'s
-- pending checkouts; all but the order `except_order` (the one being checked).
CREATE FUNCTION seat_counts(pool_course text, pool_item text, buyer text, except_order text)
RETURNS TABLE (paid integer, held integer, buyer_held integer) LANGUAGE sql STABLE AS $fn$
	SELECT
		coalesce(sum(o.quantity) FILTER (WHERE o.status = 'paid'), 0)::int,
		coalesce(sum(o.quantity), 0)::int,
		coalesce(sum(o.quantity) FILTER (WHERE o.status = 'pending' AND o.hold_key = buyer), 0)::int
	FROM seat_pool_orders(pool_course, pool_item) o
	WHERE o.id IS DISTINCT FROM except_order
		AND (o.status = 'paid' OR (o.status = 'pending' AND o.expires_at > now()))
$fn$;

-- The pool's capacity row locked until the transaction ends, then its counts.
CREATE FUNCTION lock_seat_counts(pool_course text, pool_item text, buyer text, except_order text)
RETURNS TABLE (paid integer, held integer, buyer_held integer) LANGUAGE plpgsql VOLATILE AS $fn$
BEGIN
	IF pool_course IS NOT NULL THEN
		PERFORM 1 FROM courses WHERE slug = pool_course FOR UPDATE;
	ELSE
		PERFORM 1 FROM catalog_items WHERE code = pool_item FOR UPDATE;
	END IF;
	RETURN QUERY SELECT * FROM seat_counts(pool_course, pool_item, buyer, except_order);
END
$fn$;
