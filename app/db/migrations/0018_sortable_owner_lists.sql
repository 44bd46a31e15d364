-- The owner's lists sort by a column and still page by key (docs/decisions/111): each sort
-- column has an index on (column, id), read forwards or backwards.
CREATE INDEX orders_amount_idx ON orders (amount_minor DESC, id DESC);
CREATE INDEX leads_email_id_idx ON leads (email, id);
