-- Accent- and case-insensitive substring search: text is folded (unaccent + lower) both in the indexes and in
-- the queries, and trigram GIN indexes make `like '%term%'` fast on large tables.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); with the dictionary named it is safe to index.
CREATE FUNCTION portal_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION portal_fold(text) TO portal_app;
--> statement-breakpoint
-- Dutch sort order for what users see sorted (names, descriptions), whatever the database's own collation:
-- 'Ácido' sorts with 'Acetyl…', not after 'Zopiclon'. Needs a PostgreSQL built with ICU (the usual builds).
CREATE COLLATION portal_sort (provider = icu, locale = 'nl-NL');
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['assortment_items', 'delivery_schedules', 'packing_orders', 'invoices', 'invoice_lines', 'form_submissions']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (client_id = current_client_id()) WITH CHECK (client_id = current_client_id())',
      t);
  END LOOP;
END $$;
--> statement-breakpoint
GRANT SELECT ON memos, faq_items, content_blocks, products TO portal_app;
--> statement-breakpoint
GRANT SELECT ON assortment_items, delivery_schedules, packing_orders, invoices, invoice_lines TO portal_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON form_submissions TO portal_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO portal_app;
--> statement-breakpoint
-- Default sorts and the tie-breakers of the table calls.
CREATE INDEX products_long_name ON products (long_name COLLATE portal_sort, id);
--> statement-breakpoint
CREATE INDEX products_search ON products USING gin (portal_fold(long_name || ' ' || zi_number || ' ' || gpk || ' ' || hpk || ' ' || dta_description || ' ' || packaging) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX assortment_items_product ON assortment_items (product_id);
--> statement-breakpoint
CREATE INDEX facilities_search ON facilities USING gin (portal_fold(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX packing_orders_client_date ON packing_orders (client_id, order_date DESC, id DESC);
--> statement-breakpoint
CREATE INDEX packing_orders_client_facility ON packing_orders (client_id, facility_id, order_date DESC);
--> statement-breakpoint
CREATE INDEX delivery_schedules_client_facility ON delivery_schedules (client_id, facility_id);
--> statement-breakpoint
CREATE INDEX facilities_client_name_sorted ON facilities (client_id, name COLLATE portal_sort, id);
--> statement-breakpoint
CREATE INDEX invoices_client_month_desc ON invoices (client_id, processed_month DESC, id DESC);
