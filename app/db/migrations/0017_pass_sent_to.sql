-- Who has a pass's link (docs/decisions/113). The owner's reassignment (docs/decisions/082)
-- sends a pass a new link; whoever had the old one is told it stopped working. That is the last
-- address the owner sent the pass to, or, before any reassignment, the buyer (whose receipt
-- carried every pass link). Null: the pass was never reassigned.
ALTER TABLE passes ADD COLUMN sent_to text;
