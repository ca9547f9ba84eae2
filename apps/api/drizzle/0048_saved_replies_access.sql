-- Saved replies (issue 30.4): every staff role reads them to answer items, the back-office code lets only the
-- Beheerder change them. They hold the provider's own words, no customer data: no row policy.
GRANT SELECT, INSERT, UPDATE, DELETE ON saved_replies TO portal_staff;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE saved_replies_id_seq TO portal_staff;
