CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(20) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"is_password_changed" smallint DEFAULT 0 NOT NULL,
	"email_verified_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_type_check" CHECK ("accounts"."type" in ('sub_user', 'program_user', 'super_admin'))
);
--> statement-breakpoint
CREATE TABLE "audit_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_account_id" integer,
	"actor_type" varchar(20),
	"program_id" integer,
	"action" varchar(64) NOT NULL,
	"entity" varchar(64) NOT NULL,
	"entity_id" varchar(64),
	"patient_id" integer,
	"ip" varchar(64),
	"user_agent" text,
	"success" boolean DEFAULT true NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "dynamic_content_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"name" varchar(254) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"place_id" varchar(254),
	"push_notification" smallint DEFAULT 0 NOT NULL,
	"five_minute_earlier_reminder" smallint DEFAULT 0 NOT NULL,
	"custom_reminder_message" text,
	"stage" smallint,
	"stages" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"event_title" varchar(254) NOT NULL,
	"event_description" text,
	"type" varchar(64),
	"time" time,
	"end_time" time,
	"date" date NOT NULL,
	"timezone" varchar(64),
	"location_id" integer,
	"location" text,
	"email" varchar(254),
	"status" smallint DEFAULT 1 NOT NULL,
	"venue_type" varchar(32),
	"weight_loss_type" varchar(32),
	"patient_type" varchar(32),
	"hosted_by" varchar(254),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_coordinators" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"name" varchar(254) NOT NULL,
	"email" varchar(254),
	"phone" varchar(32),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer,
	"name" varchar(254) NOT NULL,
	"address" text,
	"latitude" double precision,
	"longitude" double precision,
	"timezone" varchar(64),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" varchar(64) NOT NULL,
	"email" varchar(254),
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"patient_id" integer,
	"purpose" varchar(16) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "password_reset_tokens_owner_check" CHECK (("password_reset_tokens"."account_id" is null) <> ("password_reset_tokens"."patient_id" is null))
);
--> statement-breakpoint
CREATE TABLE "patient_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"name" varchar(254) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"program_id" integer NOT NULL,
	"insurance_coordinator_id" integer,
	"name" varchar(254) NOT NULL,
	"nick_name" varchar(254),
	"first_name" varchar(254) NOT NULL,
	"last_name" varchar(254) NOT NULL,
	"email" varchar(254),
	"password_hash" text,
	"phone" varchar(32),
	"dob" date,
	"city" varchar(254),
	"state_id" integer,
	"hight" numeric(5, 1),
	"age" smallint,
	"sex" varchar(16),
	"inital_stage" smallint,
	"current_stage" smallint DEFAULT 1 NOT NULL,
	"surgery_date" date,
	"non_surgery_date" date,
	"type_of_surgery" varchar(64),
	"starting_weight" numeric(6, 1),
	"current_weight" numeric(6, 1),
	"target_weight" numeric(6, 1),
	"timezone" varchar(64),
	"location_id" integer,
	"nutrition" integer,
	"protien" integer,
	"fiber" integer,
	"water" integer,
	"calories" integer,
	"weight_loss_gain" numeric(6, 1),
	"total_weight_lost" numeric(6, 1),
	"snooze_status" smallint DEFAULT 0 NOT NULL,
	"snooze_date" date,
	"user_cat_id" integer,
	"user_cat_name" varchar(254),
	"user_cat_id2" integer,
	"user_cat_name2" varchar(254),
	"checklist_deactivate" smallint DEFAULT 0 NOT NULL,
	"checklist_deactivate_reason" text,
	"due_date_auto_cal" smallint DEFAULT 0 NOT NULL,
	"consult_date" date,
	"chat_status" smallint DEFAULT 0 NOT NULL,
	"is_invited" smallint DEFAULT 0 NOT NULL,
	"last_app_activity_at" timestamp with time zone,
	"mrn_number" varchar(64),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"matrix_system" varchar(64),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(254) NOT NULL,
	"slug" varchar(64) NOT NULL,
	CONSTRAINT "permissions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "program_users" (
	"id" integer PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"name" varchar(254) NOT NULL,
	"username" varchar(254),
	"self_service" smallint DEFAULT 0 NOT NULL,
	"default_stage" smallint,
	"deactivation_date" date,
	"security_status" smallint DEFAULT 0 NOT NULL,
	"time_out" integer,
	"retries" integer,
	"role" varchar(64),
	"default_category1_id" integer,
	"administrative_rights" smallint DEFAULT 0 NOT NULL,
	"send_email_check" smallint DEFAULT 0 NOT NULL,
	"terms_and_conditions_check" smallint DEFAULT 0 NOT NULL,
	"manage_user" smallint DEFAULT 0 NOT NULL,
	"pipeline_status" smallint DEFAULT 0 NOT NULL,
	"seminar_to_surgery" smallint DEFAULT 0 NOT NULL,
	"alert_notification" smallint DEFAULT 0 NOT NULL,
	"event" smallint DEFAULT 0 NOT NULL,
	"contact" smallint DEFAULT 0 NOT NULL,
	"our_team" smallint DEFAULT 0 NOT NULL,
	"faq" smallint DEFAULT 0 NOT NULL,
	"vitamin_supplement" smallint DEFAULT 0 NOT NULL,
	"after_before" smallint DEFAULT 0 NOT NULL,
	"videos" smallint DEFAULT 0 NOT NULL,
	"diet" smallint DEFAULT 0 NOT NULL,
	"instruction" smallint DEFAULT 0 NOT NULL,
	"non_surgeries_wight" smallint DEFAULT 0 NOT NULL,
	"program_logo" smallint DEFAULT 0 NOT NULL,
	"support_services" smallint DEFAULT 0 NOT NULL,
	"support_group" smallint DEFAULT 0 NOT NULL,
	"join_us_facebook" smallint DEFAULT 0 NOT NULL,
	"our_website" smallint DEFAULT 0 NOT NULL,
	"Newsletter" smallint DEFAULT 0 NOT NULL,
	"our_blog" smallint DEFAULT 0 NOT NULL,
	"patient_portal" smallint DEFAULT 0 NOT NULL,
	"online_seminar" smallint DEFAULT 0 NOT NULL,
	"about_surgery" smallint DEFAULT 0 NOT NULL,
	"shop_url" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" integer PRIMARY KEY NOT NULL,
	"role_id" integer,
	"parent_id" integer,
	"username" varchar(254),
	"owner_name" varchar(254),
	"programmer_code" varchar(64),
	"event_email" varchar(254),
	"title" varchar(254) NOT NULL,
	"first_name" varchar(254),
	"last_name" varchar(254),
	"third_checklist_name" varchar(254) DEFAULT 'Weight Management' NOT NULL,
	"profile_image" text,
	"phone" varchar(32),
	"address" text,
	"pin_code" varchar(16),
	"city" varchar(254),
	"map_address" text,
	"latitude" double precision,
	"longitude" double precision,
	"practice" varchar(254),
	"about" text,
	"activation_key" text,
	"security_status" smallint DEFAULT 0 NOT NULL,
	"time_out" integer,
	"retries" integer,
	"show_name" smallint DEFAULT 0 NOT NULL,
	"popup_check" smallint DEFAULT 0 NOT NULL,
	"popup_msg" text,
	"popup_check2" smallint DEFAULT 0 NOT NULL,
	"popup_msg2" text,
	"popup_status" smallint DEFAULT 0 NOT NULL,
	"total_p" integer,
	"year_p" integer,
	"estimated_surgery" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"tier" varchar(32),
	"timezone" varchar(64) DEFAULT 'America/New_York' NOT NULL,
	"account_number" varchar(64),
	"program_type" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_answers" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"answer_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" varchar(254) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "security_questions_question_unique" UNIQUE("question")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sub_menu_managers" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"sub_menu_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(254) NOT NULL,
	CONSTRAINT "sub_menus_title_unique" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "super_admin_permissions" (
	"super_admin_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "super_admin_permissions_super_admin_id_permission_id_pk" PRIMARY KEY("super_admin_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "super_admins" (
	"id" integer PRIMARY KEY NOT NULL,
	"first_name" varchar(254) NOT NULL,
	"last_name" varchar(254) NOT NULL,
	"phone" varchar(32),
	"title" varchar(254),
	"username" varchar(254),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dynamic_content_sections" ADD CONSTRAINT "dynamic_content_sections_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_content_sections" ADD CONSTRAINT "dynamic_content_sections_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_coordinators" ADD CONSTRAINT "insurance_coordinators_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_tags" ADD CONSTRAINT "patient_tags_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_insurance_coordinator_id_insurance_coordinators_id_fk" FOREIGN KEY ("insurance_coordinator_id") REFERENCES "public"."insurance_coordinators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_cat_id_patient_tags_id_fk" FOREIGN KEY ("user_cat_id") REFERENCES "public"."patient_tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_cat_id2_patient_tags_id_fk" FOREIGN KEY ("user_cat_id2") REFERENCES "public"."patient_tags"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_users" ADD CONSTRAINT "program_users_id_accounts_id_fk" FOREIGN KEY ("id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_users" ADD CONSTRAINT "program_users_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_id_accounts_id_fk" FOREIGN KEY ("id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_answers" ADD CONSTRAINT "security_answers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_answers" ADD CONSTRAINT "security_answers_question_id_security_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."security_questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_menu_managers" ADD CONSTRAINT "sub_menu_managers_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_menu_managers" ADD CONSTRAINT "sub_menu_managers_sub_menu_id_sub_menus_id_fk" FOREIGN KEY ("sub_menu_id") REFERENCES "public"."sub_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_admin_permissions" ADD CONSTRAINT "super_admin_permissions_super_admin_id_super_admins_id_fk" FOREIGN KEY ("super_admin_id") REFERENCES "public"."super_admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_admin_permissions" ADD CONSTRAINT "super_admin_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "super_admins" ADD CONSTRAINT "super_admins_id_accounts_id_fk" FOREIGN KEY ("id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_lower_key" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "audit_records_patient_idx" ON "audit_records" USING btree ("patient_id","at");--> statement-breakpoint
CREATE INDEX "audit_records_program_idx" ON "audit_records" USING btree ("program_id","at");--> statement-breakpoint
CREATE INDEX "audit_records_actor_idx" ON "audit_records" USING btree ("actor_account_id","at");--> statement-breakpoint
CREATE INDEX "dynamic_content_sections_program_idx" ON "dynamic_content_sections" USING btree ("program_id","name");--> statement-breakpoint
CREATE INDEX "events_program_date_idx" ON "events" USING btree ("program_id","date");--> statement-breakpoint
CREATE INDEX "insurance_coordinators_program_idx" ON "insurance_coordinators" USING btree ("program_id","name");--> statement-breakpoint
CREATE INDEX "locations_program_idx" ON "locations" USING btree ("program_id","name");--> statement-breakpoint
CREATE INDEX "login_failures_ip_at_idx" ON "login_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "patient_tags_program_idx" ON "patient_tags" USING btree ("program_id","name");--> statement-breakpoint
CREATE INDEX "patients_program_name_idx" ON "patients" USING btree ("program_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "patients_program_stage_idx" ON "patients" USING btree ("program_id","current_stage","id");--> statement-breakpoint
CREATE INDEX "patients_program_surgery_idx" ON "patients" USING btree ("program_id","surgery_date","id");--> statement-breakpoint
CREATE INDEX "patients_program_created_idx" ON "patients" USING btree ("program_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_program_email_key" ON "patients" USING btree ("program_id",lower("email")) WHERE "patients"."email" is not null;--> statement-breakpoint
CREATE INDEX "program_users_program_idx" ON "program_users" USING btree ("program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_programmer_code_key" ON "programs" USING btree ("programmer_code");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sessions_last_used_idx" ON "sessions" USING btree ("last_used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_menu_managers_program_menu_key" ON "sub_menu_managers" USING btree ("program_id","sub_menu_id");