-- Row-level security for a customer-owned table, in one call, for this and later migrations.
CREATE FUNCTION portal_enable_tenancy(p_table regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', p_table);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s USING (client_id = current_client_id()) WITH CHECK (client_id = current_client_id())',
    p_table);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION portal_enable_tenancy(regclass) FROM PUBLIC;
--> statement-breakpoint
SELECT portal_enable_tenancy('uploaded_files');
--> statement-breakpoint
SELECT portal_enable_tenancy('service_product_orders');
--> statement-breakpoint
SELECT portal_enable_tenancy('service_product_order_rows');
--> statement-breakpoint
-- Uploads: made by the app, tied to a submission by the app; removal of unused ones runs as the owner.
GRANT SELECT, INSERT, UPDATE ON uploaded_files TO portal_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON service_product_orders, service_product_order_rows TO portal_app;
--> statement-breakpoint
GRANT SELECT ON imperfection_subjects, imperfection_faults, dropdown_options, service_products TO portal_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO portal_app;
