CREATE TABLE "invoice_files" (
	"client_id" uuid NOT NULL,
	"invoice_id" integer NOT NULL,
	"file_type" text NOT NULL,
	"media_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_files_client_id_invoice_id_file_type_pk" PRIMARY KEY("client_id","invoice_id","file_type")
);
--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_client_id_invoice_id_invoices_client_id_id_fk" FOREIGN KEY ("client_id","invoice_id") REFERENCES "public"."invoices"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A customer's invoice files: under row-level security like every customer-owned table; the portal reads them,
-- the integration door writes them (issue 11).
ALTER TABLE invoice_files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON invoice_files USING (client_id = current_client_id()) WITH CHECK (client_id = current_client_id());
--> statement-breakpoint
GRANT SELECT ON invoice_files TO portal_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_files TO portal_integration;
