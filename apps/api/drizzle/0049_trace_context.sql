-- The W3C trace context (traceparent) of the request that wrote the row: the webhook deliveries of an event and
-- the sending of a mail continue its trace (decision 0092). Nullable: rows written outside a traced request have none.
ALTER TABLE "mail_outbox" ADD COLUMN "traceparent" text;--> statement-breakpoint
ALTER TABLE "integration_events" ADD COLUMN "traceparent" text;