-- A file of an item's thread (an answer's or a reply's, issue 30.3) is linked from the feed's events as a
-- submission's file is: the integration role finds its customer by its id.
CREATE OR REPLACE FUNCTION portal_upload_customer(file_id uuid) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ SELECT client_id FROM uploaded_files WHERE id = file_id AND (submission_id IS NOT NULL OR inbox_event_id IS NOT NULL) $$;
--> statement-breakpoint
GRANT SELECT ON inbox_events TO portal_integration;
