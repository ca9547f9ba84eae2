-- Secrets rotate without downtime (issue 29.9): after a rotation the previous secret, and the tokens made with it,
-- stay valid beside the new one until a set time or until the operator retires it; both or neither are set.
ALTER TABLE "integration_clients" ADD COLUMN "previous_secret_hash" "bytea";--> statement-breakpoint
ALTER TABLE "integration_clients" ADD COLUMN "previous_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integration_clients" ADD CONSTRAINT "integration_clients_previous_secret" CHECK (("previous_secret_hash" IS NULL) = ("previous_secret_until" IS NULL));
