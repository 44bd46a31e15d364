-- Unsubscribe and erase (docs/decisions/109).
--
-- email_suppressions: the mailboxes that get no list mail, by the sha256 of the folded address
-- (models/mailbox.server.ts), so no address is kept here, not even an erased one's. `erased`: the
-- owner erased the person's data; `unsubscribed`: the person asked.
CREATE TABLE email_suppressions (
	mailbox_key text PRIMARY KEY,
	reason text NOT NULL CHECK (reason IN ('unsubscribed', 'erased')),
	created_at timestamptz NOT NULL DEFAULT now()
);

-- Each message's kind (integrations/email/kinds.ts) and, on the kinds that carry it, the
-- one-click unsubscribe URL its List-Unsubscribe header names (RFC 8058).
ALTER TABLE outbox ADD COLUMN kind text;
ALTER TABLE outbox ADD COLUMN list_unsubscribe_url text;

-- The messages written before: their kind from their subject, which each template fixes. An
-- erasure keeps the transactional ones (the e-mails about an order).
UPDATE outbox SET kind = CASE
	WHEN subject LIKE 'Your receipt for order %' THEN 'receipt'
	WHEN subject LIKE 'Your order % is being refunded' THEN 'lateRefund'
	WHEN subject LIKE 'Your pass for %' THEN 'passAssigned'
	WHEN subject = 'You''re signed up for the free workshop' THEN 'workshopConfirmation'
	WHEN subject LIKE 'Confirm your registration for %' THEN 'dayEventConfirmation'
	WHEN subject LIKE 'You''re in: %' THEN 'courseSignupConfirmation'
END;

-- When the owner erased the person who signed up; the row stays, with a tombstone for an
-- address, so the sign-up counts (and a partner's) stay true.
ALTER TABLE leads ADD COLUMN erased_at timestamptz;
