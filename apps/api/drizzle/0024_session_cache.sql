-- Every authenticated request asks whether its session is live (decision 0032). The API keeps the answer in
-- the process and forgets everything it kept when one of these triggers notifies `portal_sessions`: a session
-- ended, expired early or removed; an account deactivated, removed or given another role; a customer
-- deactivated or removed. Statement triggers, so that an import of many rows notifies once; columns that do
-- not decide liveness (last use, the refresh token, a failed-login counter) notify nothing.
CREATE FUNCTION auth_session_live(p_client_id uuid, p_family_id uuid, p_account_id integer)
  RETURNS TABLE (pharmacist_type text, expires_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT a.pharmacist_type, f.expires_at
    FROM session_families f
    JOIN accounts a ON a.client_id = f.client_id AND a.id = f.account_id
    JOIN clients c ON c.id = f.client_id
    WHERE f.client_id = p_client_id AND f.id = p_family_id AND f.account_id = p_account_id
      AND f.revoked_at IS NULL AND f.expires_at > now() AND a.is_active AND c.deactivated_at IS NULL
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_session_live(uuid, uuid, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_session_live(uuid, uuid, integer) TO portal_app;
--> statement-breakpoint
CREATE FUNCTION portal_sessions_changed() RETURNS trigger
  LANGUAGE plpgsql SET search_path = public, pg_temp
  AS $$ BEGIN PERFORM pg_notify('portal_sessions', ''); RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER session_families_liveness AFTER UPDATE OF revoked_at, expires_at, account_id, client_id OR DELETE OR TRUNCATE
  ON session_families FOR EACH STATEMENT EXECUTE FUNCTION portal_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER accounts_liveness AFTER UPDATE OF is_active, pharmacist_type, client_id OR DELETE OR TRUNCATE
  ON accounts FOR EACH STATEMENT EXECUTE FUNCTION portal_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER clients_liveness AFTER UPDATE OF deactivated_at OR DELETE OR TRUNCATE
  ON clients FOR EACH STATEMENT EXECUTE FUNCTION portal_sessions_changed();
