-- When the last day-event confirmation link went to this lead (docs/decisions/062): signing up
-- again re-sends it at most once per few minutes, so the form cannot flood an inbox.
ALTER TABLE leads ADD COLUMN confirmation_sent_at timestamptz;
