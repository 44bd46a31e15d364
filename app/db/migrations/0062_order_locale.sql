-- A German buyer (issue 38 item 2, docs/decisions/174): the language the order was started in,
-- which its pages' links, the receipt, the invoice and the buyer's other e-mails are written in;
-- and a waiting-list place's, which the offer's order takes over. English for everything before.
ALTER TABLE orders ADD COLUMN locale text NOT NULL DEFAULT 'en-US';
ALTER TABLE waitlist_entries ADD COLUMN locale text NOT NULL DEFAULT 'en-US';
