-- Refunds stay in view (issue 36 item 9, docs/decisions/150).
--
-- 1. `refunded_passes`: a seat or pass refunded on its own is deleted from `passes` (its link
--    must stop working at once, and every reader of `passes` counts it out: decision 123), so
--    what it was is kept here, in the refund's transaction: whose it was (holder, the address
--    the owner sent it to), when it was claimed, and which refund took it back. The order page
--    and the passes export list it, marked refunded. Passes refunded before this migration are
--    known only by their ids on the refund: they come back with those, their holders lost.
-- 2. An automatic refund (a payment the order could not keep: a one-per-buyer coupon used
--    twice, a late payment whose seats were taken; decisions 077, 112) took the money in: the
--    order now keeps its `paid_at`, and when it is refunded its refund is a row like any other
--    (`<order>.rest`), so money's roll-up counts its gross on the day paid and its refund on the
--    day refunded. The row trigger wrote that row only for an order that was `paid`; it now
--    writes it for any order with a `paid_at` (the function already checks it).

CREATE TABLE refunded_passes (
	id text PRIMARY KEY,
	order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
	refund_id text NOT NULL REFERENCES refunds (id) ON DELETE CASCADE,
	item_code text NOT NULL,
	holder_name text,
	holder_email text,
	sent_to text,
	claimed_at timestamptz,
	created_at timestamptz NOT NULL,
	refunded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunded_passes_order ON refunded_passes (order_id, created_at);
CREATE INDEX refunded_passes_created ON refunded_passes (created_at, id);
CREATE INDEX refunded_passes_holder_email ON refunded_passes (holder_email);
CREATE INDEX refunded_passes_sent_to ON refunded_passes (sent_to);

INSERT INTO refunded_passes (id, order_id, refund_id, item_code, created_at, refunded_at)
SELECT pass.id, r.order_id, r.id, r.item_code, o.created_at, r.created_at
FROM refunds AS r
JOIN orders AS o ON o.id = r.order_id
CROSS JOIN LATERAL jsonb_array_elements_text(r.pass_ids) AS pass (id)
ON CONFLICT (id) DO NOTHING;

DROP TRIGGER orders_refunded_in_full_after ON orders;
CREATE TRIGGER orders_refunded_in_full_after AFTER UPDATE OF status ON orders
	FOR EACH ROW WHEN (NEW.status = 'refunded' AND OLD.status IS DISTINCT FROM 'refunded')
	EXECUTE FUNCTION orders_refunded_in_full();
