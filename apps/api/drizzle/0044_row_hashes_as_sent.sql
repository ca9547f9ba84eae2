-- Row hashes a sender can compute (issue 29.6, decision 0074): a row's import_hash is now the SHA-256 of the row as
-- it was sent, in the canonical form of RFC 8785, and reconciliation sums it up per row. A hash kept from before was
-- of the row as the portal read it (defaults filled in, text trimmed): no sender can compute it, and a resent row of
-- the same version would read as a conflict. They are cleared: such a row reconciles with an empty hash, is not
-- compared for a conflict, and takes the hash of its row when it is next sent.
UPDATE clients SET import_hash = NULL WHERE import_hash IS NOT NULL;
--> statement-breakpoint
UPDATE facilities SET import_hash = NULL WHERE import_hash IS NOT NULL;
--> statement-breakpoint
UPDATE patients SET import_hash = NULL WHERE import_hash IS NOT NULL;
--> statement-breakpoint
UPDATE products SET import_hash = NULL WHERE import_hash IS NOT NULL;
--> statement-breakpoint
UPDATE packing_orders SET import_hash = NULL WHERE import_hash IS NOT NULL;
--> statement-breakpoint
UPDATE invoices SET import_hash = NULL WHERE import_hash IS NOT NULL;
