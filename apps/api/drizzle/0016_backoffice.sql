CREATE TABLE "inbox_events" (
	"client_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"assignee_id" integer,
	"body" text,
	"mailed_to" text,
	CONSTRAINT "inbox_events_client_id_id_pk" PRIMARY KEY("client_id","id")
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email_address" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"role" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_last_step" bigint,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"token_hash" "bytea" PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" integer NOT NULL,
	"stage" text NOT NULL,
	"refresh_hash" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "status_mails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "faq_items" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "memos" ADD COLUMN "client_ids" uuid[];--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_product_orders" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "service_product_orders" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_events_item" ON "inbox_events" USING btree ("client_id","item_kind","item_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email_lower" ON "staff_accounts" USING btree (lower("email_address"));--> statement-breakpoint
CREATE INDEX "staff_sessions_staff" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "form_submissions_inbox" ON "form_submissions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "service_product_orders_inbox" ON "service_product_orders" USING btree ("status","created_at");--> statement-breakpoint
-- The back-office door (issue 12, decision 0023): the provider's staff act through the role portal_staff, which
-- the app role takes with SET LOCAL ROLE inside a back-office transaction only (INHERIT FALSE: portal_app gets
-- neither its privileges nor its policies). It bypasses nothing. It READS across customers through policies of
-- its own (below), and WRITES a customer's rows one customer at a time, under that customer's app.client_id and
-- the tenant policies every customer-owned table already has. What a role may see is narrowed further by
-- app.staff_role: Kwaliteit sees imperfection reports only, and only a Beheerder reads the audit trail.
DO $$
BEGIN
  CREATE ROLE portal_staff NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
GRANT portal_staff TO portal_app WITH INHERIT FALSE, SET TRUE;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO portal_staff;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO portal_staff;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION current_client_id(), portal_fold(text) TO portal_staff;
--> statement-breakpoint
CREATE FUNCTION current_staff_role() RETURNS text
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.staff_role', true), '') $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION current_staff_role() TO portal_staff;
--> statement-breakpoint
-- The staff's own tables: no app role may read them, only the back-office role.
GRANT SELECT, INSERT, UPDATE ON staff_accounts, staff_sessions, staff_invitations TO portal_staff;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON memos, faq_items, content_blocks, service_products TO portal_staff;
--> statement-breakpoint
GRANT SELECT ON imperfection_subjects, imperfection_faults, dropdown_options, products, integration_clients TO portal_staff;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON clients, accounts TO portal_staff;
--> statement-breakpoint
GRANT SELECT ON facilities, patients, uploaded_files, service_product_order_rows, session_families TO portal_staff;
--> statement-breakpoint
GRANT SELECT, UPDATE ON form_submissions, service_product_orders, session_families TO portal_staff;
--> statement-breakpoint
GRANT SELECT, INSERT ON inbox_events, audit_log, one_time_tokens TO portal_staff;
--> statement-breakpoint
GRANT INSERT ON mail_outbox TO portal_staff;
--> statement-breakpoint
ALTER TABLE inbox_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON inbox_events USING (client_id = current_client_id()) WITH CHECK (client_id = current_client_id());
--> statement-breakpoint
-- A customer sees the status changes and answers of what it sent, never the staff's notes or assignments.
CREATE POLICY customer_sees_status_and_answers ON inbox_events AS RESTRICTIVE FOR SELECT TO portal_app
  USING (event IN ('Status', 'Answer'));
--> statement-breakpoint
GRANT SELECT ON inbox_events TO portal_app;
--> statement-breakpoint
-- Reads across customers (a customer is created by the staff too: clients has a policy for every command).
CREATE POLICY staff_all ON clients FOR ALL TO portal_staff USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY staff_read ON facilities FOR SELECT TO portal_staff USING (true);
--> statement-breakpoint
CREATE POLICY staff_read ON patients FOR SELECT TO portal_staff USING (true);
--> statement-breakpoint
CREATE POLICY staff_read ON accounts FOR SELECT TO portal_staff USING (current_staff_role() IN ('Beheerder', 'Klantenservice'));
--> statement-breakpoint
CREATE POLICY staff_read ON session_families FOR SELECT TO portal_staff USING (current_staff_role() IN ('Beheerder', 'Klantenservice'));
--> statement-breakpoint
CREATE POLICY staff_read ON form_submissions FOR SELECT TO portal_staff
  USING (current_staff_role() IN ('Beheerder', 'Klantenservice') OR (current_staff_role() = 'Kwaliteit' AND kind LIKE 'Imperfection%'));
--> statement-breakpoint
CREATE POLICY staff_read ON uploaded_files FOR SELECT TO portal_staff USING (current_staff_role() IS NOT NULL);
--> statement-breakpoint
CREATE POLICY staff_read ON service_product_orders FOR SELECT TO portal_staff USING (current_staff_role() IN ('Beheerder', 'Klantenservice'));
--> statement-breakpoint
CREATE POLICY staff_read ON service_product_order_rows FOR SELECT TO portal_staff USING (current_staff_role() IN ('Beheerder', 'Klantenservice'));
--> statement-breakpoint
CREATE POLICY staff_read ON inbox_events FOR SELECT TO portal_staff USING (current_staff_role() IS NOT NULL);
--> statement-breakpoint
CREATE POLICY staff_read ON audit_log FOR SELECT TO portal_staff USING (current_staff_role() = 'Beheerder');
--> statement-breakpoint
CREATE POLICY audit_insert_staff ON audit_log FOR INSERT TO portal_staff WITH CHECK (true);
--> statement-breakpoint
DROP TRIGGER audit_log_at_now ON audit_log;
--> statement-breakpoint
CREATE TRIGGER audit_log_at_now BEFORE INSERT ON audit_log
  FOR EACH ROW WHEN (current_user IN ('portal_app', 'portal_integration', 'portal_staff')) EXECUTE FUNCTION audit_log_database_clock();
--> statement-breakpoint
-- A deactivated customer's accounts can no longer log in, refresh, reset or activate: the look-ups that
-- find an account before its customer is known skip them, and the per-request session check refuses them.
CREATE OR REPLACE FUNCTION auth_account_owner(p_email text) RETURNS TABLE (client_id uuid, account_id integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT a.client_id, a.id FROM accounts a JOIN clients c ON c.id = a.client_id
        WHERE lower(a.email_address) = lower(p_email) AND c.deactivated_at IS NULL $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_refresh_token_owner(p_hash bytea) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT r.client_id FROM refresh_tokens r JOIN clients c ON c.id = r.client_id
        WHERE r.token_hash = p_hash AND c.deactivated_at IS NULL $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_one_time_token_owner(p_hash bytea, p_purpose text) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT o.client_id FROM one_time_tokens o JOIN clients c ON c.id = o.client_id
        WHERE o.token_hash = p_hash AND o.purpose = p_purpose AND c.deactivated_at IS NULL $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_session_account(p_client_id uuid, p_family_id uuid, p_account_id integer)
  RETURNS TABLE (pharmacist_type text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT a.pharmacist_type
    FROM session_families f
    JOIN accounts a ON a.client_id = f.client_id AND a.id = f.account_id
    JOIN clients c ON c.id = f.client_id
    WHERE f.client_id = p_client_id AND f.id = p_family_id AND f.account_id = p_account_id
      AND f.revoked_at IS NULL AND f.expires_at > now() AND a.is_active AND c.deactivated_at IS NULL
  $$;
