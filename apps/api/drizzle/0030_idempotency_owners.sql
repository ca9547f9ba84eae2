-- One idempotency store for every door that takes an Idempotency-Key (issue 27.1): a key is owned by a customer's
-- account (the portal's forms and orders, as before) or by an integration client (its batches, which kept their
-- key and request hash in import_runs until now). The keys of earlier batches are not carried over: the store
-- keeps a key with its first answer for 24 hours, and a batch retried after this migration is written again,
-- which leaves the same data (an upsert or a snapshot of the same rows changes nothing, a delete list deletes
-- nothing twice).
DROP INDEX "import_runs_idempotency";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_client_id_account_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "request_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "integration_client_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_integration_client_id_integration_clients_id_fk" FOREIGN KEY ("integration_client_id") REFERENCES "public"."integration_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_account" ON "idempotency_keys" USING btree ("client_id","account_id","key") WHERE "idempotency_keys"."integration_client_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_integration" ON "idempotency_keys" USING btree ("integration_client_id","key") WHERE "idempotency_keys"."integration_client_id" is not null;--> statement-breakpoint
ALTER TABLE "import_runs" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "import_runs" DROP COLUMN "request_hash";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_one_owner" CHECK (("idempotency_keys"."integration_client_id" is null and "idempotency_keys"."client_id" is not null and "idempotency_keys"."account_id" is not null) or ("idempotency_keys"."integration_client_id" is not null and "idempotency_keys"."client_id" is null and "idempotency_keys"."account_id" is null));
--> statement-breakpoint
-- The integration role keeps and reads its clients' keys; a customer's stay under tenant_isolation, unseen by it.
GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO portal_integration;--> statement-breakpoint
CREATE POLICY integration_keys ON idempotency_keys FOR ALL TO portal_integration
  USING (integration_client_id IS NOT NULL) WITH CHECK (integration_client_id IS NOT NULL AND client_id IS NULL);
