-- Passes not handed out (issue 36, items 1 and 13; docs/decisions/155). Until a pass is claimed,
-- its buyer gets its reminders; and a buyer with passes not claimed gets a reminder to hand them
-- out a week and two days before the day, each once by the same key as the other reminders
-- (event, version, reminder, mailbox): two more kinds of reminder.
--   reminder  day_before | hour_before | hand_out_week | hand_out_days
ALTER TABLE event_reminders DROP CONSTRAINT event_reminders_reminder_check;
ALTER TABLE event_reminders
	ADD CONSTRAINT event_reminders_reminder_check
	CHECK (reminder IN ('day_before', 'hour_before', 'hand_out_week', 'hand_out_days'));
