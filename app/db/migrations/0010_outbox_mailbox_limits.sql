-- Sign-up confirmations are limited per mailbox, per recipient domain and site-wide per hour
-- (docs/decisions/103). A confirmation's outbox row carries its folded mailbox (a sha256 of the
-- address without +tag, lower-cased, Gmail's dots removed) and domain; other messages leave
-- both NULL. The counts read the last hour of these rows through these partial indexes, so they
-- hold across app servers and never scan the whole outbox.
ALTER TABLE outbox ADD COLUMN mailbox_key text;
ALTER TABLE outbox ADD COLUMN mailbox_domain text;
CREATE INDEX outbox_mailbox_key_created_at ON outbox (mailbox_key, created_at)
	WHERE mailbox_key IS NOT NULL;
CREATE INDEX outbox_mailbox_domain_created_at ON outbox (mailbox_domain, created_at)
	WHERE mailbox_domain IS NOT NULL;
CREATE INDEX outbox_confirmations_created_at ON outbox (created_at)
	WHERE mailbox_key IS NOT NULL;
