CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"event_position" bigint NOT NULL,
	"replay" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_token" uuid,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"integration_client_id" uuid NOT NULL,
	"url" text NOT NULL,
	"event_types" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"secret_rotated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "integration_clients" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_integration_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."integration_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_integration_client_id_integration_clients_id_fk" FOREIGN KEY ("integration_client_id") REFERENCES "public"."integration_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery" ON "webhook_attempts" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_fanned_out" ON "webhook_deliveries" USING btree ("endpoint_id","event_id") WHERE not "webhook_deliveries"."replay";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_client" ON "webhook_endpoints" USING btree ("integration_client_id");--> statement-breakpoint
-- Webhooks (issue 29.2, decision 0075): the background job runs as the owner; the back-office's Beheerder manages
-- endpoints, reads deliveries and their attempts and replays them. No other role sees these tables.
ALTER TABLE webhook_endpoints ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE webhook_attempts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff_manage ON webhook_endpoints FOR ALL TO portal_staff
  USING (current_staff_role() = 'Beheerder') WITH CHECK (current_staff_role() = 'Beheerder');
--> statement-breakpoint
CREATE POLICY staff_manage ON webhook_deliveries FOR ALL TO portal_staff
  USING (current_staff_role() = 'Beheerder') WITH CHECK (current_staff_role() = 'Beheerder');
--> statement-breakpoint
CREATE POLICY staff_read ON webhook_attempts FOR SELECT TO portal_staff USING (current_staff_role() = 'Beheerder');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON webhook_endpoints TO portal_staff;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON webhook_deliveries TO portal_staff;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE webhook_deliveries_id_seq TO portal_staff;
--> statement-breakpoint
GRANT SELECT ON webhook_attempts TO portal_staff;
--> statement-breakpoint
-- A new endpoint starts at the feed's end and a replay of a period names events by their time: the Beheerder reads
-- which events there are, never what they say (no payload, no patients).
CREATE POLICY events_listed_for_webhooks ON integration_events FOR SELECT TO portal_staff USING (current_staff_role() = 'Beheerder');
--> statement-breakpoint
GRANT SELECT (id, position, type, occurred_at) ON integration_events TO portal_staff;
