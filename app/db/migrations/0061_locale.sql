-- A second language (issue 38 item 2, docs/decisions/173): the language a person used when
-- they signed up, which their e-mails are written in. English for every sign-up made before.
ALTER TABLE leads ADD COLUMN locale text NOT NULL DEFAULT 'en-US';
