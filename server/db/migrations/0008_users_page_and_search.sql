-- Make Admin searches any part of an e-mail: trigrams answer LIKE '%...%' from an index (PGlite loads the
-- extension in server/db/client.ts; on PostgreSQL pg_trgm is a trusted extension the database owner may create).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","email");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
