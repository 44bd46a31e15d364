-- What an owner still misses (issue 36, item 13; docs/decisions/157).
--
-- Find anyone by company: the company a buyer gave for the invoice at checkout (orders.billing,
-- 0023) is found by its start, as names are (0021): lower-cased, text_pattern_ops, so
-- `LIKE 'prefix%'` walks a range of this index on PGlite and PostgreSQL alike.
CREATE INDEX orders_billing_company_pattern_idx
	ON orders (lower(billing ->> 'company') text_pattern_ops);
