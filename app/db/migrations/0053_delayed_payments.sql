-- Delayed payment methods through Stripe (issue 37 item 3, docs/decisions/164).
--
-- awaiting_payment_since: when the buyer finished Stripe's page with a method whose money comes
-- later (SEPA Direct Debit, a bank redirect that settles in days): the session completed with
-- `payment_status: unpaid`. The order stays pending and keeps holding its seats through the one
-- hold rule every reservation follows (pending and `expires_at` still ahead, 0015), its
-- `expires_at` moved to DELAYED_PAYMENT_HOLD_DAYS later. Null for every other order. Kept once
-- the money arrives, so a paid order still says how it was paid.
ALTER TABLE orders ADD COLUMN awaiting_payment_since timestamptz;
