-- Indexes that the table calls can actually use, measured on the `large` data (npm run bench).
--
-- lib/tables.ts sorts `<column> asc nulls first, <tie-breaker> asc` or `<column> desc nulls last,
-- <tie-breaker> desc`. A b-tree serves an ORDER BY only when the NULLS placement matches too (PostgreSQL does
-- not use NOT NULL to ignore it), so the sort indexes of 0003, built with the default placement (asc nulls
-- LAST), were never used: the default sort of packing orders sorted all of a customer's orders for every page
-- (16,000 rows for the largest customer: 25 ms for the page query instead of 0.5 ms). Each index below is
-- `<column> NULLS FIRST, <tie-breaker>` or its mirror image `<column> DESC NULLS LAST, <tie-breaker> DESC`:
-- read one way it gives the ascending sort, read the other way the descending one. If the NULLS placement in
-- lib/tables.ts ever changes, these indexes must change with it. (Built in the migration's transaction, so
-- not CONCURRENTLY: on a large live database, create them by hand first with CREATE INDEX CONCURRENTLY.)
DROP INDEX IF EXISTS products_long_name;
--> statement-breakpoint
DROP INDEX IF EXISTS packing_orders_client_date;
--> statement-breakpoint
DROP INDEX IF EXISTS facilities_client_name_sorted;
--> statement-breakpoint
DROP INDEX IF EXISTS invoices_client_month_desc;
--> statement-breakpoint
-- Products (Drug/GetDrugTable): the catalogue is small and read-mostly, so every visible column gets its sort
-- index. The first page of a sort then walks the catalogue in order and probes the customer's assortment
-- (assortment_items' primary key) until the page is full, instead of sorting the whole assortment with the
-- Dutch (ICU) collation, whose comparisons are expensive (1,500 products: the call's SQL 5.6 -> 2.3 ms).
CREATE INDEX IF NOT EXISTS products_sort_long_name ON products (long_name COLLATE portal_sort NULLS FIRST, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_sort_zi_number ON products (zi_number COLLATE portal_sort NULLS FIRST, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_sort_gpk ON products (gpk COLLATE portal_sort NULLS FIRST, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_sort_hpk ON products (hpk COLLATE portal_sort NULLS FIRST, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_sort_dta_description ON products (dta_description COLLATE portal_sort NULLS FIRST, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_sort_split_description ON products (split_description COLLATE portal_sort NULLS FIRST, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_sort_packaging ON products (packaging COLLATE portal_sort NULLS FIRST, id);
--> statement-breakpoint
-- Packing orders, default sort (order date, newest first): a page is read from the start of the customer's
-- range of this index instead of sorting all of the customer's orders (the call's SQL 22 -> 2.2 ms).
-- Sorts on patient or bag count are left without an index: 18 ms for the largest customer (16,000 orders),
-- 1-2 ms for a typical one, against two more indexes of ~95 MB per 2,000,000 orders.
CREATE INDEX IF NOT EXISTS packing_orders_sort_order_date ON packing_orders (client_id, order_date DESC NULLS LAST, id DESC);
--> statement-breakpoint
-- Facilities in name order per customer: the sort on the facility column of packing orders and of delivery
-- schedules walks the customer's facilities in this order and sorts only the first facility's orders
-- (an incremental sort) instead of all of them (packing orders: the call's SQL 20 -> 2.4 ms).
CREATE INDEX IF NOT EXISTS facilities_sort_name ON facilities (client_id, name COLLATE portal_sort NULLS FIRST, id);
--> statement-breakpoint
-- Invoices, default sort (month, newest first).
CREATE INDEX IF NOT EXISTS invoices_sort_processed_month ON invoices (client_id, processed_month DESC NULLS LAST, id DESC);
--> statement-breakpoint
-- The planner's default random_page_cost (4) prices an index probe as a disk seek. The portal's working set
-- is in memory (or on SSD), where 1.1 is the usual value; with 4 the planner prefers sorting a customer's
-- whole assortment over walking the sort index above (5.6 ms instead of 2.3 ms for 1,500 products). Set for
-- this database only (not for the role, which other databases of the cluster share: parallel migrations of
-- test databases would collide on it); where the owner of the schema does not own the database, this step is
-- left out with a notice.
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'random_page_cost not set for this database: set it to 1.1 for better plans';
END $$;
