-- Owner sign-in links (issue 36 item 14, docs/decisions/151). `npm start` without a GitHub app,
-- and `npm run owner-link` on any site, print a link signed with SESSION_SECRET that signs its
-- follower in as the owner. The link names a random nonce and an expiry; following it spends the
-- nonce here, so a link works once, on every app server. The row is kept until the link's expiry
-- (after which the signature check refuses it before this table is read), then deleted.
--
-- Its sessions are owner sessions like the others (decision 102): keyed `link` / `owner` in
-- owner_session_versions, so "Sign out everywhere" ends them too.

CREATE TABLE owner_sign_in_links_used (
	nonce text PRIMARY KEY,
	used_at timestamptz NOT NULL DEFAULT now(),
	expires_at timestamptz NOT NULL
);
CREATE INDEX owner_sign_in_links_used_expires_at ON owner_sign_in_links_used (expires_at);

ALTER TABLE owner_session_versions DROP CONSTRAINT owner_session_versions_via_check;
ALTER TABLE owner_session_versions
	ADD CONSTRAINT owner_session_versions_via_check CHECK (via IN ('github', 'emulator', 'link'));
