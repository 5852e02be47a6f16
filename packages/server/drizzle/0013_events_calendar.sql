CREATE TABLE "calendar_feeds" (
	"program_id" integer PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "calendar_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"created_by" integer,
	"file_name" varchar(254) NOT NULL,
	"storage_key" text NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_imports_status_check" CHECK ("calendar_imports"."status" in ('queued', 'processing', 'completed', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "event_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"kind" varchar(16) NOT NULL,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reminders_kind_check" CHECK ("event_reminders"."kind" in ('day_before', 'five_minutes'))
);
--> statement-breakpoint
CREATE TABLE "event_rsvps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"event_date" date NOT NULL,
	"patient_id" integer NOT NULL,
	"response" varchar(16),
	"responded_at" timestamp with time zone,
	"attended" smallint,
	"attendance_marked_by" integer,
	"attendance_marked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rsvps_response_check" CHECK ("event_rsvps"."response" is null or "event_rsvps"."response" in ('going', 'not_going')),
	CONSTRAINT "event_rsvps_attended_check" CHECK ("event_rsvps"."attended" is null or "event_rsvps"."attended" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "meeting_url" varchar(2048);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rrule" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recurrence_end" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "exdates" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recurrence_date" date;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ical_uid" varchar(512);--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_imports" ADD CONSTRAINT "calendar_imports_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_attendance_marked_by_accounts_id_fk" FOREIGN KEY ("attendance_marked_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_imports_program_idx" ON "calendar_imports" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_reminders_occurrence_kind_key" ON "event_reminders" USING btree ("event_id","event_date","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "event_rsvps_occurrence_patient_key" ON "event_rsvps" USING btree ("event_id","event_date","patient_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_program_date_idx" ON "event_rsvps" USING btree ("program_id","event_date");--> statement-breakpoint
CREATE INDEX "event_rsvps_patient_idx" ON "event_rsvps" USING btree ("patient_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_events_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_import_id_calendar_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."calendar_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_program_series_idx" ON "events" USING btree ("program_id","recurrence_end") WHERE "events"."rrule" is not null;--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events" USING btree ("series_id") WHERE "events"."series_id" is not null;--> statement-breakpoint
CREATE INDEX "events_program_ical_uid_idx" ON "events" USING btree ("program_id","ical_uid") WHERE "events"."ical_uid" is not null;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_override_check" CHECK (("events"."series_id" is null and "events"."recurrence_date" is null) or ("events"."series_id" is not null and "events"."recurrence_date" is not null and "events"."rrule" is null));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_time_order_check" CHECK ("events"."time" is null or "events"."end_time" is null or "events"."time" < "events"."end_time");