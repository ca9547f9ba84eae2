-- Idempotency-Key (issue 9): the first answer to a form submission or an order, per account and key, for 24 hours.
CREATE TABLE "idempotency_keys" (
	"client_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" "bytea" NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_client_id_account_id_key_pk" PRIMARY KEY("client_id","account_id","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_client_id_account_id_accounts_client_id_id_fk" FOREIGN KEY ("client_id","account_id") REFERENCES "public"."accounts"("client_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
-- Customer-owned: row-level security like every other such table; the app keeps, reads and prunes its keys.
SELECT portal_enable_tenancy('idempotency_keys');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO portal_app;
