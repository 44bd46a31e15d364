-- Seat-hold policy and throttled payment verification (docs/decisions/033).

-- Who holds a pending order's seats: a keyed hash of the buyer's address (an IPv4 address or an
-- IPv6 /64), never the address itself. NULL for orders made before this migration.
ALTER TABLE orders ADD COLUMN hold_key text;
-- When the payment provider was last asked about this pending order (GET /checkout/{id}):
-- every app server claims the next look-up with one conditional UPDATE, so polls from anywhere
-- ask the provider at most once per CHECKOUT_VERIFY_INTERVAL_SECONDS.
ALTER TABLE orders ADD COLUMN verified_at timestamptz;

CREATE INDEX orders_pending_hold_idx ON orders (hold_key, created_at) WHERE status = 'pending';
