-- Upgrade credit (issue 37 item 4, docs/decisions/165): a course order may take the price of one
-- paid day pass off what it costs. `credit_pass_id` names the pass (no foreign key: a pass
-- refunded on its own is deleted from `passes`, decision 123, and the order keeps what it was
-- credited); `credit_minor` is the amount taken off, in the order's currency. A pass's credit
-- counts as spent while an order naming it is paid or holds its seats, counted under the pass
-- row's lock like a coupon's uses (decision 112), so a refunded or expired order gives it back.

ALTER TABLE orders ADD COLUMN credit_pass_id text;
ALTER TABLE orders ADD COLUMN credit_minor integer NOT NULL DEFAULT 0;
CREATE INDEX orders_credit_pass ON orders (credit_pass_id) WHERE credit_pass_id IS NOT NULL;
