CREATE TABLE "row_counts" (
	"client_id" uuid NOT NULL,
	"table_name" text NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "row_counts_client_id_table_name_pk" PRIMARY KEY("client_id","table_name")
);
--> statement-breakpoint
ALTER TABLE "row_counts" ADD CONSTRAINT "row_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept row counts (decision 0036): a table page without a search shows how many rows the customer has. For the
-- tables that grow without bound that count read every one of the customer's index entries (1.7 ms for 16,000
-- packing orders, half of the page's database time, and linear in the orders). Statement triggers keep the
-- number exact instead, in the transaction that changes the rows, whatever writes them (the integration door,
-- the importer, the demo data, a cascade): one upsert per statement and customer, from the statement's
-- transition table. The functions run as their owner (who owns row_counts); nobody else writes it.
CREATE FUNCTION portal_rows_added() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  -- In the customers' order, so that two statements writing for the same customers cannot deadlock.
  INSERT INTO row_counts AS kept (client_id, table_name, total)
    SELECT client_id, TG_TABLE_NAME, count(*) FROM added GROUP BY client_id ORDER BY client_id
    ON CONFLICT (client_id, table_name) DO UPDATE SET total = kept.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_rows_removed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  gone record;
BEGIN
  -- A customer whose count row is gone is being removed itself (its count went with it by the foreign key).
  FOR gone IN SELECT client_id, count(*) AS n FROM removed GROUP BY client_id ORDER BY client_id LOOP
    UPDATE row_counts SET total = total - gone.n WHERE client_id = gone.client_id AND table_name = TG_TABLE_NAME;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_rows_truncated() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row never moves to another customer (no code does it); should anything try, it is refused rather than
-- leaving two counts wrong.
CREATE FUNCTION portal_refuse_customer_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a row of % cannot move to another customer', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION portal_rows_added(), portal_rows_removed(), portal_rows_truncated(), portal_refuse_customer_change() FROM PUBLIC;
--> statement-breakpoint
-- Counts a table's rows per customer anew, writers held off meanwhile: the first count, and after a bulk load
-- without triggers (the large data set loads as pg_restore does, with session_replication_role = replica).
CREATE FUNCTION portal_recount_rows(p_table regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := (SELECT relname FROM pg_class WHERE oid = p_table);
BEGIN
  EXECUTE format('LOCK TABLE %s IN SHARE MODE', p_table);
  DELETE FROM row_counts WHERE table_name = name;
  EXECUTE format('INSERT INTO row_counts (client_id, table_name, total) SELECT client_id, %L, count(*) FROM %s GROUP BY client_id', name, p_table);
END $$;
--> statement-breakpoint
-- Counts a table's rows per customer from now on: the triggers, then today's counts.
CREATE FUNCTION portal_keep_row_count(p_table regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := (SELECT relname FROM pg_class WHERE oid = p_table);
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION portal_rows_added()', name || '_count_added', p_table);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION portal_rows_removed()', name || '_count_removed', p_table);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION portal_rows_truncated()', name || '_count_truncated', p_table);
  EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OF client_id ON %s FOR EACH ROW WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id) EXECUTE FUNCTION portal_refuse_customer_change()', name || '_same_customer', p_table);
  PERFORM portal_recount_rows(p_table);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION portal_recount_rows(regclass) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION portal_keep_row_count(regclass) FROM PUBLIC;
--> statement-breakpoint
SELECT portal_keep_row_count('packing_orders');
--> statement-breakpoint
SELECT portal_keep_row_count('assortment_items');
--> statement-breakpoint
SELECT portal_enable_tenancy('row_counts');
--> statement-breakpoint
GRANT SELECT ON row_counts TO portal_app;
