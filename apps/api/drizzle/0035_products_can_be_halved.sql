-- Whether a tablet may be halved, as the provider says it (issue 29.8, decision 0072); null: unsaid.
ALTER TABLE "products" ADD COLUMN "can_be_halved" boolean;