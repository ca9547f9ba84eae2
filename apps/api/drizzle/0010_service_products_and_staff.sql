-- Service products and staff accounts (issue 6).
SELECT 1;
