-- The workshop session a workshop lead chose (issue 25, docs/decisions/110): the `id` of a
-- workshop event of content/site/events.yml (the session's stable id, also its calendar UID).
-- Null: a lead from before sessions could be chosen, or any other list.
ALTER TABLE leads ADD COLUMN workshop_session text;
ALTER TABLE leads ADD CONSTRAINT leads_workshop_session_list
	CHECK (workshop_session IS NULL OR list = 'workshop');
-- A session's head count (its capacity is checked under a lock, then counted through this).
CREATE INDEX leads_workshop_session_idx ON leads (workshop_session)
	WHERE workshop_session IS NOT NULL;
