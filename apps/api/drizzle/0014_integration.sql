CREATE TABLE "import_rejections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"key" text,
	"reason" text NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"integration_client_id" uuid,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"scope_customer" text,
	"status" text NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"idempotency_key" text,
	"request_hash" "bytea"
);
--> statement-breakpoint
CREATE TABLE "integration_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"secret_hash" "bytea" NOT NULL,
	"secret_generation" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "site" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "import_version" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "import_hash" "bytea";--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "external_key" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "import_version" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "import_hash" "bytea";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "external_key" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "import_version" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "import_hash" "bytea";--> statement-breakpoint
ALTER TABLE "packing_orders" ADD COLUMN "reel_status_text" text;--> statement-breakpoint
ALTER TABLE "packing_orders" ADD COLUMN "external_key" text;--> statement-breakpoint
ALTER TABLE "packing_orders" ADD COLUMN "import_version" text;--> statement-breakpoint
ALTER TABLE "packing_orders" ADD COLUMN "import_hash" "bytea";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "external_key" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "import_version" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "import_hash" "bytea";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "import_version" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "import_hash" "bytea";--> statement-breakpoint
ALTER TABLE "import_rejections" ADD CONSTRAINT "import_rejections_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_integration_client_id_integration_clients_id_fk" FOREIGN KEY ("integration_client_id") REFERENCES "public"."integration_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_rejections_run_line" ON "import_rejections" USING btree ("run_id","line");--> statement-breakpoint
CREATE INDEX "import_runs_started" ON "import_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_idempotency" ON "import_runs" USING btree ("integration_client_id","idempotency_key") WHERE "import_runs"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_external_key" ON "facilities" USING btree ("client_id","external_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_external_key" ON "invoices" USING btree ("client_id","external_key");--> statement-breakpoint
CREATE UNIQUE INDEX "packing_orders_external_key" ON "packing_orders" USING btree ("client_id","external_key");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_external_key" ON "patients" USING btree ("client_id","external_key");--> statement-breakpoint
CREATE UNIQUE INDEX "products_external_key" ON "products" USING btree ("external_key");--> statement-breakpoint
-- The integration door (issue 11, decision 0021): the provider's systems write through the role
-- portal_integration, which the app role takes with SET LOCAL ROLE inside an integration transaction only.
-- It bypasses nothing: the tenant policies of every customer-owned table apply to it as to portal_app, so a
-- batch writes each customer's rows under that customer's app.client_id. What it may do beyond portal_app:
-- keep the customer list itself (code, name, kind, site: no patient data) and the product catalogue.
DO $$
BEGIN
  CREATE ROLE portal_integration NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- INHERIT FALSE: portal_app gets neither the policies nor the privileges of portal_integration (PostgreSQL 16+
-- checks both by inherited membership); it may only become it, with SET ROLE, for one integration transaction.
GRANT portal_integration TO portal_app WITH INHERIT FALSE, SET TRUE;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO portal_integration;
--> statement-breakpoint
CREATE POLICY integration_customer_list ON clients FOR ALL TO portal_integration USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON clients TO portal_integration;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON facilities, patients, delivery_schedules, packing_orders, invoices, invoice_lines, assortment_items, products TO portal_integration;
--> statement-breakpoint
GRANT SELECT ON integration_clients TO portal_integration;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON import_runs TO portal_integration;
--> statement-breakpoint
GRANT SELECT, INSERT ON import_rejections TO portal_integration;
--> statement-breakpoint
GRANT INSERT ON audit_log TO portal_integration;
--> statement-breakpoint
CREATE POLICY audit_insert_integration ON audit_log FOR INSERT TO portal_integration
  WITH CHECK (client_id IS NULL OR client_id = current_client_id());
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO portal_integration;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION current_client_id() TO portal_integration;
--> statement-breakpoint
DROP TRIGGER audit_log_at_now ON audit_log;
--> statement-breakpoint
CREATE TRIGGER audit_log_at_now BEFORE INSERT ON audit_log
  FOR EACH ROW WHEN (current_user IN ('portal_app', 'portal_integration')) EXECUTE FUNCTION audit_log_database_clock();
--> statement-breakpoint
-- Which products are in some customer's assortment (not patient data): a product still in use is not deleted.
CREATE POLICY integration_assortment_read ON assortment_items FOR SELECT TO portal_integration USING (true);
