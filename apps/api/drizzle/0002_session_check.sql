-- The bearer check of every request in one round trip: is this session live and its account active, and is
-- the account an administrator now? Answers nothing when not; it reveals no other row.
CREATE FUNCTION auth_session_account(p_client_id uuid, p_family_id uuid, p_account_id integer)
  RETURNS TABLE (pharmacist_type text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT a.pharmacist_type
    FROM session_families f
    JOIN accounts a ON a.client_id = f.client_id AND a.id = f.account_id
    WHERE f.client_id = p_client_id AND f.id = p_family_id AND f.account_id = p_account_id
      AND f.revoked_at IS NULL AND f.expires_at > now() AND a.is_active
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_session_account(uuid, uuid, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_session_account(uuid, uuid, integer) TO portal_app;
