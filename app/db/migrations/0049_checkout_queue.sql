-- The fair queue in front of the payment provider (issue 35 item 2, docs/decisions/161).
--
-- payment_pace: one row per provider, the time its next session creation may start. Each
-- creation takes the next slot with one UPDATE (next_at moves on by 1 / rate seconds), so every
-- app server on the database shares one rate, and slots go out in the order they are asked for.
--
-- checkout_queue: a checkout whose seats are held and whose provider session waits for its slot.
-- slot_at orders the queue (a buyer's place); origin is the site's origin the request was made
-- on, for the session's return links; session_ends_at is set by the first attempt to open the
-- session, so the hold's clock starts when the session is made and every retry sends Stripe the
-- same parameters under the same idempotency key. opening_until: a lease taken by whoever opens
-- the session (the buyer's own request when its slot is now, else the job), so only one asks
-- the provider at a time. The row goes with its order.

CREATE TABLE payment_pace (
	provider text PRIMARY KEY,
	next_at timestamp with time zone NOT NULL
);

CREATE TABLE checkout_queue (
	order_id text PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
	slot_at timestamp with time zone NOT NULL,
	origin text NOT NULL,
	session_ends_at timestamp with time zone,
	opening_until timestamp with time zone,
	created_at timestamp with time zone NOT NULL DEFAULT now()
);

CREATE INDEX checkout_queue_slot_at_idx ON checkout_queue (slot_at, order_id);
