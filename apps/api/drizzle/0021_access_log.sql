ALTER TABLE "session_families" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The access log of a customer's administrators (issue 14, NEN 7513): the app role reads its own customer's
-- audit rows, never another's; writing stays as it was (insert only, the database's clock, no update or delete).
GRANT SELECT ON audit_log TO portal_app;
--> statement-breakpoint
CREATE POLICY audit_read_own_customer ON audit_log FOR SELECT TO portal_app
  USING (client_id = current_client_id());
