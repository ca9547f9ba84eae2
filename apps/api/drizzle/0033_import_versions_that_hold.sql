-- Versions that hold (issue 29.4, decision 0069): a row older than the one kept is refused as stale and counted.
-- A version orders a row's states as its sender numbers them: two whole numbers compare as numbers, anything
-- else (an ISO 8601 moment, say) as text in byte order, which is the order of such moments.
ALTER TABLE "import_runs" ADD COLUMN "stale" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION portal_version_before(a text, b text) RETURNS boolean
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT CASE WHEN a ~ '^[0-9]{1,18}$' AND b ~ '^[0-9]{1,18}$' THEN a::bigint < b::bigint ELSE a COLLATE "C" < b COLLATE "C" END $$;
