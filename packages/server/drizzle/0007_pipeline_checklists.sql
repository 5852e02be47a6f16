CREATE TABLE "checklist_template_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" varchar(254) NOT NULL,
	"description" text,
	"due_anchor" varchar(20),
	"due_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "checklist_template_items_due_check" CHECK (("checklist_template_items"."due_anchor" is null and "checklist_template_items"."due_days" is null) or ("checklist_template_items"."due_anchor" in ('stage_start', 'consult_date', 'surgery_date') and "checklist_template_items"."due_days" between -3650 and 3650))
);
--> statement-breakpoint
CREATE TABLE "checklist_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"name" varchar(254) NOT NULL,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "checklist_templates_stage_check" CHECK ("checklist_templates"."stage" between 1 and 3),
	CONSTRAINT "checklist_templates_status_check" CHECK ("checklist_templates"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "patient_checklist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"template_id" integer,
	"template_item_id" integer,
	"title" varchar(254) NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"due_date" date,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_checklist_items_stage_check" CHECK ("patient_checklist_items"."stage" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "pipeline_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"from_status_id" integer,
	"to_status_id" integer,
	"moved_by" integer,
	"rule_id" integer,
	"rule_type" smallint,
	"trigger_key" varchar(128),
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"type" smallint NOT NULL,
	"from_status_id" integer,
	"to_status_id" integer NOT NULL,
	"days" integer,
	"checklist_item_id" integer,
	"percent" smallint,
	"priority" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_rules_stage_check" CHECK ("pipeline_rules"."stage" between 1 and 3),
	CONSTRAINT "pipeline_rules_type_check" CHECK ("pipeline_rules"."type" in (1, 2, 4, 5, 6)),
	CONSTRAINT "pipeline_rules_status_check" CHECK ("pipeline_rules"."status" in (0, 1)),
	CONSTRAINT "pipeline_rules_days_check" CHECK ("pipeline_rules"."days" is null or "pipeline_rules"."days" between 0 and 3650),
	CONSTRAINT "pipeline_rules_percent_check" CHECK ("pipeline_rules"."percent" is null or "pipeline_rules"."percent" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "pipeline_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"stage" smallint NOT NULL,
	"name" varchar(100) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_default" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "pipeline_statuses_stage_check" CHECK ("pipeline_statuses"."stage" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "pipeline_sweeps" (
	"program_id" integer NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"patients" integer DEFAULT 0 NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pipeline_sweeps_program_id_day_pk" PRIMARY KEY("program_id","day")
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "pipeline_status_id" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "pipeline_status_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "checklist_percent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: patients already there entered their stage when they were created.
UPDATE "patients" SET "stage_entered_at" = "created_at";--> statement-breakpoint
-- Hand-written: before this migration no checklist item existed, so no note can name one.
UPDATE "checklist_notes" SET "checklist_item_id" = NULL WHERE "checklist_item_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_template_items" ADD CONSTRAINT "checklist_template_items_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_template_items" ADD CONSTRAINT "checklist_template_items_template_id_checklist_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."checklist_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_deleted_by_accounts_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_checklist_items" ADD CONSTRAINT "patient_checklist_items_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_checklist_items" ADD CONSTRAINT "patient_checklist_items_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_checklist_items" ADD CONSTRAINT "patient_checklist_items_template_id_checklist_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."checklist_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_checklist_items" ADD CONSTRAINT "patient_checklist_items_template_item_id_checklist_template_items_id_fk" FOREIGN KEY ("template_item_id") REFERENCES "public"."checklist_template_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_checklist_items" ADD CONSTRAINT "patient_checklist_items_completed_by_accounts_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_checklist_items" ADD CONSTRAINT "patient_checklist_items_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_moves" ADD CONSTRAINT "pipeline_moves_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_moves" ADD CONSTRAINT "pipeline_moves_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_moves" ADD CONSTRAINT "pipeline_moves_from_status_id_pipeline_statuses_id_fk" FOREIGN KEY ("from_status_id") REFERENCES "public"."pipeline_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_moves" ADD CONSTRAINT "pipeline_moves_to_status_id_pipeline_statuses_id_fk" FOREIGN KEY ("to_status_id") REFERENCES "public"."pipeline_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_moves" ADD CONSTRAINT "pipeline_moves_moved_by_accounts_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_moves" ADD CONSTRAINT "pipeline_moves_rule_id_pipeline_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."pipeline_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_rules" ADD CONSTRAINT "pipeline_rules_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_rules" ADD CONSTRAINT "pipeline_rules_from_status_id_pipeline_statuses_id_fk" FOREIGN KEY ("from_status_id") REFERENCES "public"."pipeline_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_rules" ADD CONSTRAINT "pipeline_rules_to_status_id_pipeline_statuses_id_fk" FOREIGN KEY ("to_status_id") REFERENCES "public"."pipeline_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_rules" ADD CONSTRAINT "pipeline_rules_checklist_item_id_checklist_template_items_id_fk" FOREIGN KEY ("checklist_item_id") REFERENCES "public"."checklist_template_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_rules" ADD CONSTRAINT "pipeline_rules_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_statuses" ADD CONSTRAINT "pipeline_statuses_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_statuses" ADD CONSTRAINT "pipeline_statuses_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_statuses" ADD CONSTRAINT "pipeline_statuses_deleted_by_accounts_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_sweeps" ADD CONSTRAINT "pipeline_sweeps_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_template_items_template_idx" ON "checklist_template_items" USING btree ("template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_templates_name_key" ON "checklist_templates" USING btree ("program_id","stage",lower("name")) WHERE "checklist_templates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_templates_default_key" ON "checklist_templates" USING btree ("program_id","stage") WHERE "checklist_templates"."is_default" = 1 and "checklist_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "patient_checklist_items_patient_idx" ON "patient_checklist_items" USING btree ("patient_id","stage","position","id");--> statement-breakpoint
CREATE INDEX "patient_checklist_items_program_stage_idx" ON "patient_checklist_items" USING btree ("program_id","stage","due_date","id") WHERE "patient_checklist_items"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "patient_checklist_items_template_item_idx" ON "patient_checklist_items" USING btree ("template_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_checklist_items_template_item_key" ON "patient_checklist_items" USING btree ("patient_id","template_item_id") WHERE "patient_checklist_items"."template_item_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_moves_rule_occurrence_key" ON "pipeline_moves" USING btree ("patient_id","rule_id","trigger_key") WHERE "pipeline_moves"."rule_id" is not null;--> statement-breakpoint
CREATE INDEX "pipeline_moves_patient_idx" ON "pipeline_moves" USING btree ("patient_id","moved_at","id");--> statement-breakpoint
CREATE INDEX "pipeline_moves_program_status_idx" ON "pipeline_moves" USING btree ("program_id","to_status_id","moved_at");--> statement-breakpoint
CREATE INDEX "pipeline_rules_program_stage_idx" ON "pipeline_rules" USING btree ("program_id","stage","priority","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_statuses_name_key" ON "pipeline_statuses" USING btree ("program_id","stage",lower("name")) WHERE "pipeline_statuses"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_statuses_default_key" ON "pipeline_statuses" USING btree ("program_id","stage") WHERE "pipeline_statuses"."is_default" = 1 and "pipeline_statuses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pipeline_statuses_program_stage_idx" ON "pipeline_statuses" USING btree ("program_id","stage","position");--> statement-breakpoint
ALTER TABLE "checklist_notes" ADD CONSTRAINT "checklist_notes_checklist_item_id_patient_checklist_items_id_fk" FOREIGN KEY ("checklist_item_id") REFERENCES "public"."patient_checklist_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_pipeline_status_id_pipeline_statuses_id_fk" FOREIGN KEY ("pipeline_status_id") REFERENCES "public"."pipeline_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_program_pipeline_idx" ON "patients" USING btree ("program_id","current_stage","pipeline_status_id","pipeline_status_since","id");