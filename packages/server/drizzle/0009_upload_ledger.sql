CREATE TABLE "uploads" (
	"key" varchar(128) PRIMARY KEY NOT NULL,
	"preview_key" varchar(128),
	"program_id" integer,
	"kind" varchar(16) NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "uploads_unclaimed_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."claimed_at" is null;