-- Customer codes are kept in capitals (issue 26.8): the doors take a code in any case and store and look it up
-- in capitals, so "apo-3001" is APO-3001. Codes kept before in small letters become capitals first; two that
-- differ in case only would stop this migration (the unique constraint), as they are one code.
UPDATE "clients" SET "client_code" = upper("client_code") WHERE "client_code" <> upper("client_code");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_client_code_capitals" CHECK ("clients"."client_code" = upper("clients"."client_code"));
