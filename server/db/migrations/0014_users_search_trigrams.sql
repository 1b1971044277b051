-- pg_trgm ships with PostgreSQL (contrib; a trusted extension since 13) and
-- with PGlite (server/db/client.ts loads it): "contains" searches read
-- trigram indexes instead of lower-casing every row.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
