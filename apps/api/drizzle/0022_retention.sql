CREATE INDEX "one_time_tokens_expires" ON "one_time_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "session_families_expires" ON "session_families" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_sent" ON "mail_outbox" USING btree ("sent_at") WHERE "mail_outbox"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "form_submissions_archived" ON "form_submissions" USING btree ("status_changed_at") WHERE "form_submissions"."status" = 'Archived';--> statement-breakpoint
CREATE INDEX "service_product_orders_archived" ON "service_product_orders" USING btree ("status_changed_at") WHERE "service_product_orders"."status" = 'Archived';--> statement-breakpoint
CREATE INDEX "staff_sessions_expires" ON "staff_sessions" USING btree ("expires_at");--> statement-breakpoint
-- Retention (decision 0031): the audit trail stays append-only, but rows older than the legal minimum of five
-- years (NEN 7513) may be removed, by the retention job only. Updates and truncation stay refused for everybody,
-- the owner included; a delete is refused row by row unless the transaction says it is the retention
-- (app.audit_retention = 'on') and the row is more than five years old by the database's own clock. Only the
-- owner holds DELETE on the table: the app, integration and staff roles can still only add rows.
DROP TRIGGER audit_log_no_change ON audit_log;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE FUNCTION audit_log_retention_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.audit_retention', true) IS DISTINCT FROM 'on' THEN
    RAISE EXCEPTION 'audit_log is append-only (only the retention job removes rows older than five years)';
  END IF;
  IF OLD.at >= now() - interval '5 years' THEN
    RAISE EXCEPTION 'audit_log is append-only: row % is less than five years old (NEN 7513)', OLD.id;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_retention BEFORE DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_retention_only();
