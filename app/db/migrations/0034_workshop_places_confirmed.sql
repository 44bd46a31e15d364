-- A workshop place held by an address nobody has confirmed yet (issue 33, item 2;
-- docs/decisions/131).
--
-- place_expires_at: until when an unconfirmed sign-up's place counts towards its session's
-- capacity. NULL: the place counts for good (confirmed by the e-mail's link or a one-click link,
-- or a sign-up from before this rule, whose person was already told they were in). A sign-up
-- beyond its network's share of unconfirmed places is stored with its sign-up time here: it holds
-- nothing until it is confirmed.
-- place_network: the keyed hash of the client network the unconfirmed sign-up came from (never
-- the address itself), for that share; cleared once the place is confirmed.
ALTER TABLE leads ADD COLUMN place_expires_at timestamptz;
ALTER TABLE leads ADD COLUMN place_network text;
ALTER TABLE leads ADD CONSTRAINT leads_place_workshop
	CHECK ((place_expires_at IS NULL AND place_network IS NULL) OR list = 'workshop');
-- A session's unconfirmed places from one network, counted under the session's lock.
CREATE INDEX leads_unconfirmed_places_idx ON leads (workshop_session, place_network)
	WHERE place_expires_at IS NOT NULL;
