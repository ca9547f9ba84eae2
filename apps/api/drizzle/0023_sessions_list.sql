CREATE TABLE "known_browsers" (
	"client_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"browser_hash" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_browsers_client_id_account_id_browser_hash_pk" PRIMARY KEY("client_id","account_id","browser_hash")
);
--> statement-breakpoint
ALTER TABLE "session_families" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "session_families" ADD COLUMN "address" "inet";--> statement-breakpoint
ALTER TABLE "session_families" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "known_browsers" ADD CONSTRAINT "known_browsers_client_id_account_id_accounts_client_id_id_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The browsers an account logged in from (issue 14, sign-in notices): under row-level security like every
-- customer-owned table.
SELECT portal_enable_tenancy('known_browsers');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON known_browsers TO portal_app;
