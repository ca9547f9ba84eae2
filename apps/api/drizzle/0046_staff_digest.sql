-- The daily overview of the inbox by mail, by each staff member's choice (issue 30.6).
ALTER TABLE "staff_accounts" ADD COLUMN "digest_mails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "digest_sent_on" date;
--> statement-breakpoint
GRANT UPDATE (digest_mails) ON staff_accounts TO portal_staff;
