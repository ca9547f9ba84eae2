-- What a batch's answer says besides its counts (issue 29.8): a text that was not UTF-8 and was read as Windows-1252.
ALTER TABLE "import_runs" ADD COLUMN "warnings" text[] DEFAULT '{}' NOT NULL;