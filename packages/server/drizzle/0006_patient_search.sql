-- The patient list's search: trigram matching (pg_trgm) in one index with the program id (btree_gin).
-- Both extensions are trusted since PostgreSQL 13: a database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name" || chr(31) || "name" || chr(31) || coalesce("email", '') || chr(31) || coalesce("mrn_number", '') || chr(31) || regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "patients_program_search_idx" ON "patients" USING gin ("program_id","search_text" gin_trgm_ops);