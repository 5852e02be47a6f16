CREATE TABLE "checklist_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"checklist_item_id" integer,
	"note" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "checklist_notes_stage_check" CHECK ("checklist_notes"."stage" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "patients" DROP CONSTRAINT "patients_insurance_coordinator_id_insurance_coordinators_id_fk";
--> statement-breakpoint
ALTER TABLE "patients" DROP CONSTRAINT "patients_user_cat_id_patient_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "patients" DROP CONSTRAINT "patients_user_cat_id2_patient_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "checklist_notes" ADD CONSTRAINT "checklist_notes_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_notes" ADD CONSTRAINT "checklist_notes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_notes" ADD CONSTRAINT "checklist_notes_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_notes" ADD CONSTRAINT "checklist_notes_deleted_by_accounts_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_notes_program_patient_idx" ON "checklist_notes" USING btree ("program_id","patient_id","stage","created_at") WHERE "checklist_notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "checklist_notes_patient_idx" ON "checklist_notes" USING btree ("patient_id");--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_insurance_coordinator_id_insurance_coordinators_id_fk" FOREIGN KEY ("insurance_coordinator_id") REFERENCES "public"."insurance_coordinators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_cat_id_patient_tags_id_fk" FOREIGN KEY ("user_cat_id") REFERENCES "public"."patient_tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_cat_id2_patient_tags_id_fk" FOREIGN KEY ("user_cat_id2") REFERENCES "public"."patient_tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "food_log_entries_patient_idx" ON "food_log_entries" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_coordinators_program_name_key" ON "insurance_coordinators" USING btree ("program_id",lower("name"));--> statement-breakpoint
CREATE INDEX "internal_notes_patient_idx" ON "internal_notes" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_tags_program_name_key" ON "patient_tags" USING btree ("program_id",lower("name"));--> statement-breakpoint
CREATE INDEX "patients_program_coordinator_idx" ON "patients" USING btree ("program_id","insurance_coordinator_id");--> statement-breakpoint
CREATE INDEX "patients_program_tag_idx" ON "patients" USING btree ("program_id","user_cat_id");--> statement-breakpoint
CREATE INDEX "patients_program_tag2_idx" ON "patients" USING btree ("program_id","user_cat_id2");--> statement-breakpoint
CREATE INDEX "patients_program_location_idx" ON "patients" USING btree ("program_id","location_id");--> statement-breakpoint
CREATE INDEX "water_logs_patient_idx" ON "water_logs" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "weight_logs_patient_idx" ON "weight_logs" USING btree ("patient_id");