-- A sign-up and its confirmation commit together (docs/decisions/101).
--
-- confirmation_sent_at now says, for every list that confirms a sign-up by e-mail (workshop,
-- course, day event), when the confirmation was written to the outbox: in the sign-up's own
-- transaction. A lead without it never got one, and signing up again sends it. Before, a
-- workshop or course confirmation was written in a transaction of its own after the lead, and
-- lost when that failed. Backfill: such a lead whose address got an outbox row within minutes
-- of the sign-up had its confirmation then; one with no such row gets it at its next sign-up.
UPDATE leads SET confirmation_sent_at = (
	SELECT min(outbox.created_at) FROM outbox
	WHERE outbox.to_address = leads.email
		AND outbox.created_at >= leads.created_at - interval '1 minute'
		AND outbox.created_at < leads.created_at + interval '5 minutes'
)
WHERE list IN ('workshop', 'course') AND confirmation_sent_at IS NULL;
