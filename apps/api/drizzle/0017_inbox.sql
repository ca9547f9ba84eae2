-- The subject of an answer mailed from the back-office inbox (issue 12): kept with its text, shown in the
-- history and to the customer. The table's grants and policies (0016) cover the new column.
ALTER TABLE "inbox_events" ADD COLUMN "subject" text;
