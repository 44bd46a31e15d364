-- Checkout recovery (docs/decisions/122): a buyer who gave an address on the checkout page and
-- agreed to one reminder, and whose checkout then ended unpaid, gets one e-mail with a link to
-- start again. `recovery_email`: the address they agreed with (null: no reminder);
-- `recovery_sent_at`: the reminder was written (or given up: they bought meanwhile), once.
ALTER TABLE orders ADD COLUMN recovery_email text;
ALTER TABLE orders ADD COLUMN recovery_sent_at timestamptz;
