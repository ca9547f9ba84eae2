-- The back-office onboards customers (issue 12): inviting a customer's administrator checks, as the portal does,
-- whether the address has an account anywhere, through the narrow look-up function the portal uses.
GRANT EXECUTE ON FUNCTION auth_account_owner(text) TO portal_staff;
--> statement-breakpoint
-- A new activation link replaces the ones sent before (marks them used), under the named customer's policies.
GRANT UPDATE ON one_time_tokens TO portal_staff;
