-- A request-serving process without the owner's credentials checks at start that the database is at its version
-- (decision 0095): the app role may read the migrations table, nothing else of the drizzle schema.
GRANT USAGE ON SCHEMA drizzle TO portal_app;
--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO portal_app;
