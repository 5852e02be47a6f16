CREATE TABLE "food_log_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"logged_on" date NOT NULL,
	"meal_type" varchar(16) NOT NULL,
	"item_name" varchar(254) NOT NULL,
	"user_serving_size" varchar(32),
	"nf_calories" numeric(10, 2),
	"nf_total_carbohydrate" numeric(10, 2),
	"nf_protein" numeric(10, 2),
	"nf_total_fat" numeric(10, 2),
	"nf_sugars" numeric(10, 2),
	"nf_sugar_added" numeric(10, 2),
	"nf_dietary_fiber" numeric(10, 2),
	"nf_water" numeric(10, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "food_log_entries_meal_type_check" CHECK ("food_log_entries"."meal_type" in ('breakfast', 'lunch', 'dinner', 'snacks', 'other'))
);
--> statement-breakpoint
CREATE TABLE "internal_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"note_type" varchar(32) DEFAULT 'general' NOT NULL,
	"note" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "water_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"logged_on" date NOT NULL,
	"total" numeric(7, 1) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "water_logs_total_check" CHECK ("water_logs"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "weight_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"logged_on" date NOT NULL,
	"weight" numeric(6, 1) NOT NULL,
	"source" varchar(8) DEFAULT 'app' NOT NULL,
	"entered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weight_logs_source_check" CHECK ("weight_logs"."source" in ('app', 'staff')),
	CONSTRAINT "weight_logs_weight_check" CHECK ("weight_logs"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE "weight_reminder_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"message" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"interval_days" integer DEFAULT 7 NOT NULL,
	"message_field_status" smallint DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weight_reminder_settings_program_id_unique" UNIQUE("program_id"),
	CONSTRAINT "weight_reminder_settings_interval_check" CHECK ("weight_reminder_settings"."interval_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "food_log_entries" ADD CONSTRAINT "food_log_entries_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "food_log_entries" ADD CONSTRAINT "food_log_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_notes" ADD CONSTRAINT "internal_notes_deleted_by_accounts_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "water_logs" ADD CONSTRAINT "water_logs_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "water_logs" ADD CONSTRAINT "water_logs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_logs" ADD CONSTRAINT "weight_logs_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_logs" ADD CONSTRAINT "weight_logs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_logs" ADD CONSTRAINT "weight_logs_entered_by_accounts_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_reminder_settings" ADD CONSTRAINT "weight_reminder_settings_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_reminder_settings" ADD CONSTRAINT "weight_reminder_settings_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "food_log_entries_program_patient_day_idx" ON "food_log_entries" USING btree ("program_id","patient_id","logged_on");--> statement-breakpoint
CREATE INDEX "internal_notes_program_patient_idx" ON "internal_notes" USING btree ("program_id","patient_id","note_type","created_at") WHERE "internal_notes"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "water_logs_program_patient_day_key" ON "water_logs" USING btree ("program_id","patient_id","logged_on");--> statement-breakpoint
CREATE INDEX "weight_logs_program_patient_day_idx" ON "weight_logs" USING btree ("program_id","patient_id","logged_on");