-- A seat as a gift (issue 37 item 5, docs/decisions/166): an order bought for someone else names
-- its recipient, the buyer's message and the day its seat link is e-mailed to them. One row per
-- gift order, written with the pending order. `version` counts the buyer's changes: a delivery
-- job carries the version it was queued for and does nothing once another replaced it.
-- `delivered_at` is when the seat link went to the recipient (cleared when the buyer changes the
-- recipient before the claim: the new one gets a new link on the new date).

CREATE TABLE gifts (
	order_id text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
	recipient_name text NOT NULL,
	recipient_email text NOT NULL,
	message text NOT NULL DEFAULT '',
	deliver_on date NOT NULL,
	version integer NOT NULL DEFAULT 1,
	delivered_at timestamp with time zone,
	created_at timestamp with time zone NOT NULL DEFAULT now(),
	updated_at timestamp with time zone NOT NULL DEFAULT now()
);
