-- Owner sessions that end on sign-out (docs/decisions/102). The session cookie is signed, not
-- stored, so a copy of it stays valid until it expires; each owner therefore has a session
-- version here, written into the cookie at sign-in and compared on every request. Signing out
-- (or "Sign out everywhere") moves it on, and every cookie with an older version is nobody's,
-- on every app server at once. Keyed like the role itself: how the owner signed in (`github`
-- or the embedded `emulator`) and the login (as listed, lower-cased).
CREATE TABLE owner_session_versions (
	via text NOT NULL CHECK (via IN ('github', 'emulator')),
	login text NOT NULL CHECK (login = lower(login)),
	version integer NOT NULL DEFAULT 1,
	ended_at timestamptz,
	PRIMARY KEY (via, login)
);
