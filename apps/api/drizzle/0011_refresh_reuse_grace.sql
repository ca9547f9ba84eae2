-- Refresh tokens used twice within a few seconds (two tabs, a retry after a network hiccup) get the same successor
-- back instead of revoking the session: the successor is kept sealed with a key derived from the spent token.
ALTER TABLE "refresh_tokens" ADD COLUMN "successor_sealed" text;