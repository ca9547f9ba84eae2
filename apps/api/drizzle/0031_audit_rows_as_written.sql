-- Audit rows as they were written (issue 28, decision 0067): each row keeps its actor (kind, id, name, e-mail,
-- role, the customer acted for) and its patients (id, the provider's key, name, birth date) as they were at that
-- moment, instead of ids that point at live rows a later change or delete alters. Adding the columns rewrites no
-- row (their defaults are constants), so the append-only trigger does not fire.
ALTER TABLE "audit_log" ADD COLUMN "actor_kind" text DEFAULT 'System' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_id" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_customer_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_customer_code" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_customer_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "patients" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "object_reference" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_kind" CHECK ("audit_log"."actor_kind" in ('Account', 'Staff', 'Integration', 'System'));
--> statement-breakpoint
-- Existing rows are filled in once, from what they point at today (a patient or account already deleted leaves
-- its id and nothing more). The append-only trigger refuses every UPDATE, the owner's too; it is switched off for
-- this one statement only. ALTER TABLE holds the table's exclusive lock until the migration's transaction commits,
-- so no other session writes or changes a row while it is off, and a failure rolls the switch back with the rest.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change;--> statement-breakpoint
UPDATE audit_log a SET
  actor_kind = who.kind,
  actor_id = who.id,
  actor_name = found.name,
  actor_email = found.email,
  actor_role = found.role,
  actor_customer_id = acting.id,
  actor_customer_code = acting.client_code,
  actor_customer_name = acting.name,
  patients = seen.patients
FROM audit_log b
CROSS JOIN LATERAL (
  SELECT
    CASE WHEN b.staff_id IS NOT NULL THEN 'Staff' WHEN b.account_id IS NOT NULL THEN 'Account'
      WHEN b.action LIKE 'Integration.%' THEN 'Integration' ELSE 'System' END AS kind,
    coalesce(b.staff_id::text, b.account_id::text,
      CASE WHEN b.object_type = 'IntegrationClient' THEN b.object_id END,
      CASE WHEN b.action LIKE 'Integration.%' THEN b.details->>'integrationClientId' END) AS id
) who
LEFT JOIN LATERAL (
  SELECT concat_ws(' ', s.first_name, nullif(s.middle_name, ''), s.last_name) AS name, s.email_address AS email, s.role
    FROM staff_accounts s WHERE who.kind = 'Staff' AND s.id = b.staff_id
  UNION ALL
  SELECT concat_ws(' ', acc.first_name, nullif(acc.middle_name, ''), acc.last_name), acc.email_address, acc.pharmacist_type
    FROM accounts acc WHERE who.kind = 'Account' AND acc.client_id = b.client_id AND acc.id = b.account_id
  UNION ALL
  SELECT ic.name, NULL, NULL
    FROM integration_clients ic WHERE who.kind = 'Integration' AND ic.id::text = who.id
) found ON true
LEFT JOIN clients acting ON acting.id = b.client_id
LEFT JOIN LATERAL (
  SELECT jsonb_agg(jsonb_build_object(
      'id', ids.id, 'key', p.external_key,
      'name', CASE WHEN p.id IS NOT NULL THEN concat_ws(' ', p.first_name, nullif(p.name_prefix, ''), p.last_name) END,
      'birthDate', p.birth_date) ORDER BY ids.id) AS patients
    FROM unnest(b.patient_ids) AS ids(id)
    LEFT JOIN patients p ON p.client_id = b.client_id AND p.id = ids.id
) seen ON b.patient_ids IS NOT NULL
WHERE a.id = b.id;--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change;
