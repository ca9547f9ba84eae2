CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_ended_at" timestamp with time zone,
	"last_outcome" text,
	"last_holder" text,
	"runs" integer DEFAULT 0 NOT NULL
);
