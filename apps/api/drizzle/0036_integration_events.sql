-- The event feed of the provider's systems (issue 29, decision 0074): every submission, service order, status
-- change and answer as an event, written in the transaction that caused it by whichever door acted, and read
-- by the integration door only.
CREATE TABLE "integration_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"position" bigint,
	"type" text NOT NULL,
	"client_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL,
	"patient_ids" integer[],
	"sequenced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "integration_events_id" ON "integration_events" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_events_position" ON "integration_events" USING btree ("position");--> statement-breakpoint
CREATE INDEX "integration_events_unsequenced" ON "integration_events" USING btree ("seq") WHERE "integration_events"."position" is null;--> statement-breakpoint
CREATE INDEX "integration_events_occurred" ON "integration_events" USING btree ("occurred_at");
--> statement-breakpoint
ALTER TABLE integration_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A door writes the events of the customer it acts for (app.client_id), never another's.
CREATE POLICY events_written_for_the_customer ON integration_events FOR INSERT TO portal_app, portal_staff, portal_integration
  WITH CHECK (client_id = current_client_id());
--> statement-breakpoint
-- The provider's systems read every customer's events: what a client may read is narrowed by its scopes.
CREATE POLICY events_read_by_the_integration ON integration_events FOR SELECT TO portal_integration USING (true);
--> statement-breakpoint
GRANT INSERT ON integration_events TO portal_app, portal_staff, portal_integration;
--> statement-breakpoint
GRANT SELECT ON integration_events TO portal_integration;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE integration_events_seq_seq TO portal_app, portal_staff, portal_integration;
--> statement-breakpoint
-- The sequencer: gives the committed events that have none their position in the feed, in the order they were
-- written, after every position given before. One at a time (an advisory lock), each statement with a snapshot
-- taken after the lock, so that positions only grow and never skip: a reader that saw position n has seen every
-- position below it. An event committed after this statement's snapshot gets a later position the next time, so
-- two transactions that commit in the reverse order of their writes are fed in the order they committed.
-- It must run in a transaction of READ COMMITTED (its own statement), never inside a repeatable-read snapshot.
CREATE FUNCTION portal_sequence_events(max_rows integer DEFAULT 10000) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  sequenced integer;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'portal_sequence_events runs in a read committed transaction';
  END IF;
  PERFORM pg_advisory_xact_lock(7429001);
  WITH top AS (SELECT coalesce(max(position), 0) AS position FROM integration_events),
       next AS (
         SELECT seq, row_number() OVER (ORDER BY seq) AS n
         FROM integration_events WHERE position IS NULL ORDER BY seq LIMIT max_rows
       )
  UPDATE integration_events e SET position = top.position + next.n, sequenced_at = now()
  FROM next, top WHERE e.seq = next.seq;
  GET DIAGNOSTICS sequenced = ROW_COUNT;
  RETURN sequenced;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION portal_sequence_events(integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION portal_sequence_events(integer) TO portal_integration;
