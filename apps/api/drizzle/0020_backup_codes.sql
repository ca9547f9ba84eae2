CREATE TABLE "backup_codes" (
	"client_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"code_hash" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "backup_codes_client_id_account_id_code_hash_pk" PRIMARY KEY("client_id","account_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "backup_codes" ADD CONSTRAINT "backup_codes_client_id_account_id_accounts_client_id_id_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An account's backup codes: under row-level security like every customer-owned table; the app makes, uses and
-- removes them.
SELECT portal_enable_tenancy('backup_codes');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON backup_codes TO portal_app;
