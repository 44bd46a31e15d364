-- Find anyone (issue 27, docs/decisions/114): the owner's search box reads an order or pass id
-- by primary key, and the start of an e-mail address or a name through these indexes, never by
-- walking a table. text_pattern_ops lets `LIKE 'prefix%'` use a btree under any collation, on
-- PGlite and PostgreSQL alike (pg_trgm is not needed); names are matched lower-cased, so their
-- indexes are on lower(...). A name is found by its start or by the start of its last word (a
-- buyer's or holder's full name is one column; a sign-up has first and last). Addresses are
-- stored lower-cased (orders, leads, pass holders).
CREATE INDEX leads_email_pattern_idx ON leads (email text_pattern_ops);
CREATE INDEX leads_first_name_pattern_idx ON leads (lower(first_name) text_pattern_ops);
CREATE INDEX leads_last_name_pattern_idx ON leads (lower(last_name) text_pattern_ops);
CREATE INDEX leads_full_name_pattern_idx ON leads (lower(first_name || ' ' || last_name) text_pattern_ops);
CREATE INDEX orders_customer_name_pattern_idx ON orders (lower(customer_name) text_pattern_ops);
CREATE INDEX orders_customer_last_name_pattern_idx
	ON orders (lower(split_part(customer_name, ' ', -1)) text_pattern_ops);
CREATE INDEX passes_holder_email_pattern_idx ON passes (holder_email text_pattern_ops);
CREATE INDEX passes_holder_name_pattern_idx ON passes (lower(holder_name) text_pattern_ops);
CREATE INDEX passes_holder_last_name_pattern_idx
	ON passes (lower(split_part(holder_name, ' ', -1)) text_pattern_ops);
CREATE INDEX outbox_to_address_pattern_idx ON outbox (to_address text_pattern_ops);

-- A person's page: the owner's actions on their orders and e-mails, by target.
CREATE INDEX owner_audit_log_target_idx ON owner_audit_log (target, at DESC);
