CREATE TABLE "invoice_file_cache" (
	"client_id" uuid NOT NULL,
	"invoice_id" integer NOT NULL,
	"file_type" text NOT NULL,
	"source_hash" "bytea" NOT NULL,
	"render_key" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_file_cache_client_id_invoice_id_file_type_pk" PRIMARY KEY("client_id","invoice_id","file_type")
);
--> statement-breakpoint
ALTER TABLE "invoice_file_cache" ADD CONSTRAINT "invoice_file_cache_client_id_invoice_id_invoices_client_id_id_fk" FOREIGN KEY ("client_id","invoice_id") REFERENCES "public"."invoices"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The portal's renderings of invoice files (decision 0034): under row-level security like every customer-owned
-- table. The app reads them and writes them at a download (a stale one is overwritten); nobody else needs to:
-- an invoice deleted by the integration door takes its files with it through the foreign key.
SELECT portal_enable_tenancy('invoice_file_cache');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON invoice_file_cache TO portal_app;
