-- Invoices numbered after the payment commits (docs/decisions/115, "Numbering"). The payment's
-- transaction writes the invoice (or credit note) with its snapshot and no number; one statement
-- outside it, run right after the commit, by a job queued with the payment and on first need,
-- increments the seller's counter and sets the number together, so the counter row is locked
-- for that one statement inside the database, never across the app's round trips. `prefix` is
-- the seller's invoice prefix as it was at issue time (the snapshot's), `issued_at` the time
-- the number was given: numbers follow it.

ALTER TABLE invoices ALTER COLUMN number DROP NOT NULL;
ALTER TABLE invoices ADD COLUMN prefix text NOT NULL DEFAULT '';
UPDATE invoices SET prefix = regexp_replace(data->>'number', '[0-9]+$', '');
ALTER TABLE invoices ALTER COLUMN prefix DROP DEFAULT;
-- The documents still waiting for their number (a handful at most, for milliseconds).
CREATE INDEX invoices_unnumbered ON invoices (order_id) WHERE number IS NULL;
