-- The course opens, and the site with it (issue 36 items 7, 1 and 13; docs/decisions/156).
--
-- courses.status: SPEC §3's first status is `pre_order`; opening the course (the owner's button
-- or the release date, models/course/opening.server.ts) moves it to `open` in the transaction that
-- creates the access send. A site whose course was opened before this migration (its
-- `course-open` send exists) is open now.
ALTER TABLE courses ADD CONSTRAINT courses_status_check CHECK (status IN ('pre_order', 'open'));
UPDATE courses SET status = 'open'
	WHERE EXISTS (SELECT 1 FROM bulk_sends WHERE once_key = 'course-open');

-- The shipped FAQ's "What does pre-order mean?" promised "access to every module as it is
-- released", which nothing sends, and reads wrong once the course is open: the shipped entry,
-- and only it (an owner's own words stay), becomes one that holds before and after the opening.
UPDATE courses SET faq = (
	SELECT jsonb_agg(
		CASE WHEN entry = jsonb_build_object(
			'question', 'What does pre-order mean?',
			'answer', 'You pay today at the launch price and your seat is reserved. You get access to every module as it is released, and the full course the day it opens.')
		THEN jsonb_build_object(
			'question', 'When do I get access?',
			'answer', 'Before the course opens, a seat is a pre-order: you pay the launch price today, your seat is reserved, and your access comes by e-mail the day it opens. Once it is open, your access comes by e-mail within minutes of your payment.')
		ELSE entry END ORDER BY position)
	FROM jsonb_array_elements(faq) WITH ORDINALITY AS entries(entry, position)
) WHERE jsonb_array_length(faq) > 0;

-- seat_handout_reminders: the reminder to a buyer to hand out their order's unclaimed course
-- seats, once per order and moment, written in the transaction that writes its outbox row: the
-- primary key is what keeps it once across restarts and app servers.
--   reminder  before_opening (some days before the release date)
--           | after_opening (some days after the opening, seats still unclaimed)
CREATE TABLE seat_handout_reminders (
	order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
	reminder text NOT NULL CHECK (reminder IN ('before_opening', 'after_opening')),
	outbox_id bigint REFERENCES outbox (id),
	created_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (order_id, reminder)
);
