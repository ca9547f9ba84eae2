-- Patient search (issue 4): the customer's patients by parts of their folded (accent- and case-free) full name,
-- and by birth date. The name expression is the one the search query uses (modules/patients/patient-search.ts).
CREATE INDEX IF NOT EXISTS patients_full_name_search ON patients
  USING gin (portal_fold(first_name || ' ' || coalesce(name_prefix, '') || ' ' || last_name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS patients_client_birth_date ON patients (client_id, birth_date);
--> statement-breakpoint
-- The search's order: last name, first name (Dutch collation), birth date, id.
CREATE INDEX IF NOT EXISTS patients_client_sorted ON patients
  (client_id, last_name COLLATE portal_sort, first_name COLLATE portal_sort, birth_date, id);
