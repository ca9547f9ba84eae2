-- The audit trail as the app role may write it (issue 9): only rows of the customer of its transaction, or
-- rows of no customer (events before login: a failed login of an unknown address, a reset request), and
-- always with the database's own clock, whatever time the insert names.
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_insert_own_customer ON audit_log FOR INSERT TO portal_app
  WITH CHECK (client_id IS NULL OR client_id = current_client_id());
--> statement-breakpoint
CREATE FUNCTION audit_log_database_clock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.at := now();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_at_now BEFORE INSERT ON audit_log
  FOR EACH ROW WHEN (current_user = 'portal_app') EXECUTE FUNCTION audit_log_database_clock();
