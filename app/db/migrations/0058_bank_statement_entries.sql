-- The bank-statement import (issue 37 item 2; docs/decisions/170).
--
-- One row per credit read from a statement the owner uploaded (CAMT.053 or CSV), kept by its
-- identity so the same statement imported twice records nothing twice: the bank's own reference
-- (`ref:` the account and AcctSvcrRef or NtryRef) or, where the file gives none, a hash of its
-- fields and its place among identical lines (`sha256:`). What it became: `matched` (recorded
-- for its order by the payment reference), `unmatched` (with the reason, for the owner),
-- `assigned` (the owner recorded it for an order) or `dismissed` (the owner set it aside).
CREATE TABLE bank_statement_entries (
	id text PRIMARY KEY,
	identity text NOT NULL UNIQUE,
	booked_on date NOT NULL,
	amount_minor integer NOT NULL,
	currency text NOT NULL,
	remittance text NOT NULL,
	payer text NOT NULL,
	status text NOT NULL DEFAULT 'unmatched',
	reason text,
	order_id text REFERENCES orders (id) ON DELETE SET NULL,
	imported_at timestamptz NOT NULL DEFAULT now(),
	resolved_by text,
	resolved_at timestamptz
);

-- The owner's list: the ones still to look at first, newest first.
CREATE INDEX bank_statement_entries_status_idx ON bank_statement_entries (status, imported_at DESC);
