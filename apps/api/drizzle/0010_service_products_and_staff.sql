-- Service products and staff accounts (issue 6).
-- What the API checks, the database holds as well: an ordered amount is 1 to 999, a status is an InboxStatus,
-- prices and totals are not negative, and an account is of one of the two types.
ALTER TABLE service_product_order_rows ADD CONSTRAINT service_product_order_rows_amount_range CHECK (amount BETWEEN 1 AND 999);
--> statement-breakpoint
ALTER TABLE service_product_order_rows ADD CONSTRAINT service_product_order_rows_prices_not_negative
  CHECK ((price IS NULL OR price >= 0) AND (row_total_price IS NULL OR row_total_price >= 0));
--> statement-breakpoint
ALTER TABLE service_product_orders ADD CONSTRAINT service_product_orders_status_inbox CHECK (status IN ('New', 'Processing', 'Archived'));
--> statement-breakpoint
ALTER TABLE service_product_orders ADD CONSTRAINT service_product_orders_total_not_negative CHECK (total_price >= 0);
--> statement-breakpoint
ALTER TABLE service_products ADD CONSTRAINT service_products_price_not_negative CHECK (price IS NULL OR price >= 0);
--> statement-breakpoint
ALTER TABLE accounts ADD CONSTRAINT accounts_pharmacist_type_known CHECK (pharmacist_type IN ('Administrator', 'Employee'));
--> statement-breakpoint
-- The catalogue in the provider's order, as GetServiceProducts reads it.
CREATE INDEX service_products_orderable ON service_products (sort_order, name COLLATE portal_sort, id) WHERE is_active;
--> statement-breakpoint
-- The staff table of a customer: its accounts by id (the primary key) and found by name or address.
CREATE INDEX accounts_search ON accounts USING gin (portal_fold(first_name || coalesce(' ' || middle_name, '') || ' ' || last_name || ' ' || email_address) gin_trgm_ops);
