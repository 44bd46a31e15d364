-- A pass holder's language (issue 38 item 2, docs/decisions/177): the language of the page the
-- pass was claimed on, which the holder's later e-mails (the day's reminders with the joining
-- link, a refunded pass's notice) are written in. English for every pass claimed before.
ALTER TABLE passes ADD COLUMN locale text NOT NULL DEFAULT 'en-US';
