-- An inbox item's history names the integration client that set its status or answered it (issue 29.3).
ALTER TABLE "inbox_events" ADD COLUMN "integration_client_id" uuid;--> statement-breakpoint
-- Writing back (issue 29.3): an integration client sets an item's status or answers it, as the back-office's staff
-- do, in a transaction of portal_integration for the item's customer (app.client_id): the tenant policies of these
-- tables hold for it as for every role. It finds the item's (or upload's) customer first, by its id alone.
CREATE FUNCTION portal_item_customer(item_kind text, item_id integer) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT client_id FROM form_submissions WHERE item_kind = 'Submission' AND id = item_id
  UNION ALL
  SELECT client_id FROM service_product_orders WHERE item_kind = 'ServiceOrder' AND id = item_id
$$;
--> statement-breakpoint
CREATE FUNCTION portal_upload_customer(file_id uuid) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ SELECT client_id FROM uploaded_files WHERE id = file_id AND submission_id IS NOT NULL $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION portal_item_customer(text, integer), portal_upload_customer(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION portal_item_customer(text, integer), portal_upload_customer(uuid) TO portal_integration;
--> statement-breakpoint
GRANT SELECT, UPDATE ON form_submissions, service_product_orders TO portal_integration;
--> statement-breakpoint
GRANT SELECT ON service_product_order_rows, uploaded_files, accounts TO portal_integration;
--> statement-breakpoint
GRANT SELECT, INSERT ON inbox_events TO portal_integration;
--> statement-breakpoint
GRANT INSERT ON mail_outbox TO portal_integration;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE inbox_events_id_seq TO portal_integration;
