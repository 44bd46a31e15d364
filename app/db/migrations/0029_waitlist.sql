-- The waiting list of a sold-out product (issue 26, item 1; docs/decisions/120).
--
-- A person waits for `quantity` seats (or passes) of one item; their place is their `id`, given
-- when they join: first come, first served, whichever app server took the form. When seats come
-- back, an offer is a pending order holding them (`offer_order_id`), inside the same seat
-- accounting as a checkout (0015, 0016): while it is open every checkout counts it as held.
--
-- status: waiting (in the queue) | offered (an offer order was made: pending = open, paid =
-- bought, expired = passed on to the next) | removed (by the owner).
CREATE TABLE waitlist_entries (
	id bigserial PRIMARY KEY,
	item_code text NOT NULL REFERENCES catalog_items (code),
	email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
	quantity integer NOT NULL CHECK (quantity > 0),
	region text NOT NULL REFERENCES pricing_regions (name),
	status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'removed')),
	offer_order_id text UNIQUE REFERENCES orders (id),
	offered_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now()
);

-- One place in the queue per address and product: joining again changes the quantity, not the place.
CREATE UNIQUE INDEX waitlist_entries_one_waiting_idx
	ON waitlist_entries (item_code, email) WHERE status = 'waiting';
CREATE INDEX waitlist_entries_queue_idx ON waitlist_entries (item_code, id) WHERE status = 'waiting';

-- Seats waited for in a pool (named as in seat_pool_orders, 0015).
CREATE FUNCTION seat_pool_waiting(pool_course text, pool_item text) RETURNS integer
LANGUAGE sql STABLE AS $fn$
	SELECT coalesce(sum(w.quantity), 0)::int FROM waitlist_entries w
	WHERE w.status = 'waiting'
		AND ((pool_course IS NOT NULL
				AND w.item_code IN (SELECT c.code FROM catalog_items c WHERE c.course_slug = pool_course))
			OR (pool_item IS NOT NULL AND w.item_code = pool_item))
$fn$;

-- 0016's reserve_seats, with one more rule: seats that come back belong to the people waiting
-- for them, so a checkout fits only in what is left after their seats. The count of waiting
-- seats is its own statement after the lock (READ COMMITTED: it sees every join committed
-- before). Offers are made under the same lock by the waiting list's job, which takes its seats
-- from `capacity - held` (they are the seats waited for), not through this function.
CREATE OR REPLACE FUNCTION reserve_seats(
	new_order text, pools jsonb, quantity integer, buyer text, per_buyer integer, share_percent integer
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
	pool jsonb;
	capacity integer;
	counts record;
	waiting integer;
	allowance integer;
BEGIN
	FOR pool IN SELECT value FROM jsonb_array_elements(pools) LOOP
		capacity := (pool->>'capacity')::integer;
		SELECT * INTO counts FROM lock_seat_counts(pool->>'course', pool->>'item', buyer, new_order);
		waiting := seat_pool_waiting(pool->>'course', pool->>'item');
		IF counts.held + waiting + quantity > capacity THEN
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
