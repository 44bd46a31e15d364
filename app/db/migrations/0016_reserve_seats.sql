-- A checkout's seats reserved in the statement that writes its order (docs/decisions/107).
-- 0015 took the seat lock and counted in one call, but inside the app's transaction: the lock
-- was held until the app server read the count, decided and sent COMMIT, one trip through its
-- event loop, and under load that trip was the longest part of every other checkout's wait.
-- Here the app sends one statement, `WITH new_order AS (INSERT … RETURNING …) SELECT
-- reserve_seats(…) FROM new_order`, in its own transaction: the lock is taken, the seats
-- counted and the decision made inside the database, and the lock ends with the statement's
-- commit. A refusal is an exception, which undoes the order's insert with it.
--
-- `pools` is the item's capacity pools, course first (the lock order, as in reserve.server.ts):
-- `[{"course": "…", "item": null, "capacity": 500}, …]`. `per_buyer` and `share_percent` are the
-- hold policy of decision 033 (`holdAllowance` in rules.ts, the same rule; a test checks that
-- both agree). A null `buyer` holds outside any buyer's allowance.
--
-- Refusals are raised with SQLSTATE P0001 and the reason code as the message (`sold-out`,
-- `per-buyer`, `other-checkout`); `per-buyer` carries the allowance in DETAIL.
CREATE FUNCTION hold_allowance(capacity integer, paid integer, per_buyer integer, share_percent integer)
RETURNS integer LANGUAGE sql IMMUTABLE AS $fn$
	SELECT greatest(1, least(per_buyer, (greatest(0, capacity - paid) * share_percent) / 100))
$fn$;

CREATE FUNCTION reserve_seats(
	new_order text, pools jsonb, quantity integer, buyer text, per_buyer integer, share_percent integer
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
	pool jsonb;
	capacity integer;
	counts record;
	allowance integer;
BEGIN
	FOR pool IN SELECT value FROM jsonb_array_elements(pools) LOOP
		capacity := (pool->>'capacity')::integer;
		SELECT * INTO counts FROM lock_seat_counts(pool->>'course', pool->>'item', buyer, new_order);
		IF counts.held + quantity > capacity THEN
			RAISE EXCEPTION 'sold-out' USING ERRCODE = 'P0001';
		END IF;
		CONTINUE WHEN buyer IS NULL;
		allowance := hold_allowance(capacity, counts.paid, per_buyer, share_percent);
		IF quantity > allowance THEN
			RAISE EXCEPTION 'per-buyer' USING ERRCODE = 'P0001', DETAIL = allowance::text;
		END IF;
		IF counts.buyer_held + quantity > allowance THEN
			RAISE EXCEPTION 'other-checkout' USING ERRCODE = 'P0001';
		END IF;
	END LOOP;
	RETURN true;
END
$fn$;
