-- Patient search (issue 4): the customer's patients by parts of their folded name and by birth date.
--
-- No trigram index on the folded name: under row-level security PostgreSQL evaluates the tenant policy before
-- any condition that is not LEAKPROOF, and neither `like` nor portal_fold() is, so such an index is never used
-- for the app role (checked with EXPLAIN as portal_app). The customer's patients are found through client_id
-- instead, and their names filtered: about 8 ms for the largest customer of the `large` data set (1,600
-- patients). A search by birth date (date equality is leakproof) uses this index directly.
CREATE INDEX IF NOT EXISTS patients_client_birth_date ON patients (client_id, birth_date);
