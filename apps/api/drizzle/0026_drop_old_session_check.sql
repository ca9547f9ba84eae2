-- The bearer check asks auth_session_live (migration 0024), which also answers the session's end for the
-- process's cache (decision 0032); the function it replaced has no caller left.
DROP FUNCTION auth_session_account(uuid, uuid, integer);
