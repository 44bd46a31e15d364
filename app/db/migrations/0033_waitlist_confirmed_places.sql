-- The waiting list's places are for confirmed addresses, within the hold rules of a network
-- (issue 33, item 1; docs/decisions/130).
--
-- status gains two values: `unconfirmed` (joined, the link sent to the address not yet
-- followed: no place, no seats counted, never offered) and `expired` (an unconfirmed entry whose
-- link ended, or one whose confirmation changed the address's existing place). Only `waiting`
-- rows are in the queue and in `seat_pool_waiting` (0029), so that function is unchanged.
--
-- confirmed_at: the place. The queue is read in (confirmed_at, id) order: a place is taken when
-- the address proves it is someone's, not when a form was posted. Entries that waited before
-- this rule keep their place from when they joined.
--
-- hold_key: the joining request's network, as a checkout's hold_key (0004, decision 033): an
-- offer's order carries it, so offers count against that network's hold allowance; and the
-- per-network caps on entries and seats are counted by it.
ALTER TABLE waitlist_entries DROP CONSTRAINT waitlist_entries_status_check;
ALTER TABLE waitlist_entries ADD CONSTRAINT waitlist_entries_status_check
	CHECK (status IN ('unconfirmed', 'waiting', 'offered', 'removed', 'expired'));
ALTER TABLE waitlist_entries ADD COLUMN confirmed_at timestamptz;
ALTER TABLE waitlist_entries ADD COLUMN hold_key text;
UPDATE waitlist_entries SET confirmed_at = created_at WHERE status <> 'unconfirmed';

DROP INDEX waitlist_entries_queue_idx;
CREATE INDEX waitlist_entries_queue_idx
	ON waitlist_entries (item_code, confirmed_at, id) WHERE status = 'waiting';
CREATE INDEX waitlist_entries_hold_key_idx ON waitlist_entries (hold_key, created_at)
	WHERE hold_key IS NOT NULL;
