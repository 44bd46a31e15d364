-- Pay by bank transfer against an invoice (issue 37 items 1 and 2; docs/decisions/163).
--
-- A pending order the buyer chose to pay by transfer: its `provider` becomes 'transfer' and its
-- `provider_session_id` the payment reference, so no card provider is asked about it and its
-- completion comes through the one payment path (applyPaymentEvent) like any other. Its seats
-- stay held as every pending order's are, until `expires_at`, set to the due date.
--
-- One row per such order: the reference the buyer writes on the transfer (an RF creditor
-- reference, ISO 11649, unique), when it is due, the reminder and the cancellation once each,
-- and what has arrived so far (a partial payment leaves the rest due).
CREATE TABLE bank_transfers (
	order_id text PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
	reference text NOT NULL UNIQUE,
	due_at timestamptz NOT NULL,
	instructions_sent_at timestamptz,
	reminded_at timestamptz,
	cancelled_at timestamptz,
	cancel_notice_sent_at timestamptz,
	received_minor integer NOT NULL DEFAULT 0,
	created_at timestamptz NOT NULL DEFAULT now()
);

