-- Tenancy: the application connects as portal_app, which is neither superuser nor owner of the tables, so
-- row-level security applies to it. Each transaction sets app.client_id; a row of another customer is
-- invisible, even to a query that forgets its filter.
DO $$
BEGIN
  CREATE ROLE portal_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION current_client_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.client_id', true), '')::uuid $$;
--> statement-breakpoint
ALTER TABLE clients ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON clients USING (id = current_client_id()) WITH CHECK (id = current_client_id());
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['facilities', 'patients', 'accounts', 'session_families', 'refresh_tokens', 'one_time_tokens']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (client_id = current_client_id()) WITH CHECK (client_id = current_client_id())',
      t);
  END LOOP;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO portal_app;
--> statement-breakpoint
GRANT SELECT ON clients TO portal_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON facilities, patients, accounts, session_families, refresh_tokens, one_time_tokens TO portal_app;
--> statement-breakpoint
-- Mail may hold reset links and patient details: the app role only adds to the outbox; the sender reads it
-- through the owner's connection.
GRANT INSERT ON mail_outbox TO portal_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON rate_limit_windows TO portal_app;
--> statement-breakpoint
GRANT INSERT ON audit_log TO portal_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO portal_app;
--> statement-breakpoint
-- The audit trail is append-only, for the owner too.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- The few look-ups that must cross customers before the customer is known (a login by e-mail address, a
-- refresh or one-time token) go through these narrow functions; they answer only whose row it is.
CREATE FUNCTION auth_account_owner(p_email text) RETURNS TABLE (client_id uuid, account_id integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT a.client_id, a.id FROM accounts a WHERE lower(a.email_address) = lower(p_email) $$;
--> statement-breakpoint
CREATE FUNCTION auth_refresh_token_owner(p_hash bytea) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT r.client_id FROM refresh_tokens r WHERE r.token_hash = p_hash $$;
--> statement-breakpoint
CREATE FUNCTION auth_one_time_token_owner(p_hash bytea, p_purpose text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT o.client_id FROM one_time_tokens o WHERE o.token_hash = p_hash AND o.purpose = p_purpose $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_account_owner(text), auth_refresh_token_owner(bytea), auth_one_time_token_owner(bytea, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_account_owner(text), auth_refresh_token_owner(bytea), auth_one_time_token_owner(bytea, text) TO portal_app;
