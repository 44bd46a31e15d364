-- Invoices and credit notes (docs/decisions/115). The buyer's billing details (company, address,
-- country, VAT number) are kept on the order as given at checkout. Every paid order gets an
-- invoice and every refund a credit note, numbered in one gap-free sequence per seller: the
-- number comes from a counter row locked FOR UPDATE in the transaction that marks the order paid
-- (or refunded), never from a sequence (a sequence skips the numbers of rolled-back
-- transactions). An issued document is immutable: `data` is its snapshot (seller, buyer, lines,
-- tax per rate) as rendered on the day it was issued.

ALTER TABLE orders ADD COLUMN billing jsonb;
-- The VAT worked out at payment when it was added on top of the price (null: included in it).
ALTER TABLE orders ADD COLUMN tax jsonb;

CREATE TABLE invoice_counters (
	seller text PRIMARY KEY,
	last_number integer NOT NULL DEFAULT 0
);

CREATE TABLE invoices (
	id text PRIMARY KEY,
	seller text NOT NULL,
	number integer NOT NULL,
	kind text NOT NULL,
	order_id text NOT NULL REFERENCES orders (id),
	currency char(3) NOT NULL,
	total_minor integer NOT NULL,
	data jsonb NOT NULL,
	issued_at timestamp with time zone NOT NULL DEFAULT now(),
	UNIQUE (seller, number),
	UNIQUE (order_id, kind)
);

CREATE INDEX invoices_issued_at ON invoices (issued_at);
