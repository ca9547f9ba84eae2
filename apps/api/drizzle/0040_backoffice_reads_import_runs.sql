-- Koppelingen, Importruns in the back-office (issue 29.10): the Beheerder reads every import run and its rejected
-- rows, which may name patients by the provider's key. As audit_log (migration 0016), the staff role reads them
-- through a policy of its own narrowed to the Beheerder, so these tables get row-level security; the integration
-- role keeps every row it had, by a policy that admits all of them (its runs are not one customer's).
ALTER TABLE import_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE import_rejections ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY integration_all ON import_runs FOR ALL TO portal_integration USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY integration_all ON import_rejections FOR ALL TO portal_integration USING (true) WITH CHECK (true);
--> statement-breakpoint
CREATE POLICY staff_read ON import_runs FOR SELECT TO portal_staff USING (current_staff_role() = 'Beheerder');
--> statement-breakpoint
CREATE POLICY staff_read ON import_rejections FOR SELECT TO portal_staff USING (current_staff_role() = 'Beheerder');
--> statement-breakpoint
GRANT SELECT ON import_runs, import_rejections TO portal_staff;
