-- An event whose date moved says so to search engines (issue 38 item 1, docs/decisions/169):
-- schema.org's EventRescheduled with the start it had. The start registrants' calendars were told
-- before the latest move, written when a new version of the event has another start; null while
-- the date never moved.
ALTER TABLE event_versions ADD COLUMN previous_start text;
