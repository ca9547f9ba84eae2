-- The inbox's queue tools (issue 30.5): every staff role reads the service times (the inbox's due moments come
-- from them), the back-office's code lets only the Beheerder change them. A named view is its staff member's own:
-- the policy holds each staff transaction to the rows of its app.staff_id, whatever the code asks.
GRANT SELECT, INSERT, UPDATE, DELETE ON inbox_service_times TO portal_staff;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON inbox_views TO portal_staff;
--> statement-breakpoint
ALTER TABLE inbox_views ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff_own ON inbox_views FOR ALL TO portal_staff
  USING (staff_id = nullif(current_setting('app.staff_id', true), '')::int)
  WITH CHECK (staff_id = nullif(current_setting('app.staff_id', true), '')::int);
--> statement-breakpoint
GRANT USAGE ON SEQUENCE inbox_views_id_seq TO portal_staff;
