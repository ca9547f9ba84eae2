-- An inbox item as a two-way thread (issue 30.3): customers reply (by the portal or by mail), answers and replies carry files.
DROP INDEX "uploaded_files_unused";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "uploaded_files" ADD COLUMN "inbox_event_id" bigint;--> statement-breakpoint
ALTER TABLE "inbox_events" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "inbox_events" ADD COLUMN "via" text;--> statement-breakpoint
CREATE INDEX "uploaded_files_inbox_event" ON "uploaded_files" USING btree ("client_id","inbox_event_id") WHERE "uploaded_files"."inbox_event_id" is not null;--> statement-breakpoint
CREATE INDEX "uploaded_files_unused" ON "uploaded_files" USING btree ("created_at") WHERE "uploaded_files"."submission_id" is null and "uploaded_files"."inbox_event_id" is null;--> statement-breakpoint
ALTER TABLE uploaded_files ADD CONSTRAINT uploaded_files_inbox_event_fk FOREIGN KEY (client_id, inbox_event_id)
  REFERENCES inbox_events (client_id, id) ON DELETE CASCADE;
--> statement-breakpoint
-- A customer replies on its own item (issue 30.3): its account writes the reply into the item's history, sets the
-- item back to Processing and ties its uploads to the reply; and reads the replies with the answers.
GRANT INSERT ON inbox_events TO portal_app;
--> statement-breakpoint
GRANT UPDATE (status, status_changed_at) ON form_submissions, service_product_orders TO portal_app;
--> statement-breakpoint
DROP POLICY customer_sees_status_and_answers ON inbox_events;
--> statement-breakpoint
CREATE POLICY customer_sees_status_answers_and_replies ON inbox_events AS RESTRICTIVE FOR SELECT TO portal_app
  USING (event IN ('Status', 'Answer', 'Reply'));
--> statement-breakpoint
-- Staff attach files to an answer: an upload for the item's customer (named by forCustomer), tied to the answer.
GRANT INSERT, UPDATE (inbox_event_id) ON uploaded_files TO portal_staff;
--> statement-breakpoint
CREATE POLICY staff_attach ON uploaded_files FOR INSERT TO portal_staff WITH CHECK (client_id = current_client_id() AND current_staff_role() IS NOT NULL);
--> statement-breakpoint
CREATE POLICY staff_attach_update ON uploaded_files FOR UPDATE TO portal_staff
  USING (client_id = current_client_id()) WITH CHECK (client_id = current_client_id());
--> statement-breakpoint
-- Who to tell of a customer's reply: the item's assignee, read for the customer acting (never another's item).
CREATE FUNCTION portal_item_assignee(of_kind text, item integer) RETURNS TABLE (email_address text, first_name text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT s.email_address, s.first_name FROM staff_accounts s
  WHERE s.is_active AND s.id = (
    SELECT assignee_id FROM form_submissions WHERE of_kind = 'Submission' AND id = item AND client_id = current_client_id()
    UNION ALL
    SELECT assignee_id FROM service_product_orders WHERE of_kind = 'ServiceOrder' AND id = item AND client_id = current_client_id())
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION portal_item_assignee(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION portal_item_assignee(text, integer) TO portal_app;
