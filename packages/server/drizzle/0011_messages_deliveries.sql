CREATE TABLE "automatic_message_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"trigger" varchar(32) NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"stage" varchar(64),
	"checklist_item_id" integer,
	"title" varchar(254) NOT NULL,
	"message" text NOT NULL,
	"channels" varchar(8)[] DEFAULT '{inbox}'::varchar[] NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automatic_message_rules_days_check" CHECK ("automatic_message_rules"."days" between 0 and 3650)
);
--> statement-breakpoint
CREATE TABLE "automatic_message_sends" (
	"rule_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"trigger_key" varchar(64) NOT NULL,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automatic_message_sends_rule_id_patient_id_trigger_key_pk" PRIMARY KEY("rule_id","patient_id","trigger_key")
);
--> statement-breakpoint
CREATE TABLE "message_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"channel" varchar(8) NOT NULL,
	"status" varchar(12) DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "message_deliveries_channel_check" CHECK ("message_deliveries"."channel" in ('inbox', 'email', 'push')),
	CONSTRAINT "message_deliveries_status_check" CHECK ("message_deliveries"."status" in ('queued', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "message_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"message_id" bigint,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"title" varchar(254) NOT NULL,
	"message" text NOT NULL,
	"channels" varchar(8)[] DEFAULT '{inbox}'::varchar[] NOT NULL,
	"audience" jsonb NOT NULL,
	"recipient_count" integer,
	"status" varchar(12) DEFAULT 'queued' NOT NULL,
	"message_template_id" integer,
	"scheduled_message_id" integer,
	"run_at" timestamp with time zone,
	"automatic_rule_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" in ('on_demand', 'scheduled', 'automatic', 'system')),
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"title" varchar(254) NOT NULL,
	"message" text NOT NULL,
	"channels" varchar(8)[] DEFAULT '{inbox}'::varchar[] NOT NULL,
	"audience" jsonb NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"local_send_at" varchar(16) NOT NULL,
	"timezone" varchar(64) NOT NULL,
	"patient_timezone" smallint DEFAULT 0 NOT NULL,
	"rrule" text,
	"status" varchar(12) DEFAULT 'active' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"runs_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_messages_status_check" CHECK ("scheduled_messages"."status" in ('active', 'paused', 'cancelled', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"account_id" integer,
	"type" varchar(32) NOT NULL,
	"message" text NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" text,
	CONSTRAINT "patient_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" varchar(255) NOT NULL,
	"auth" varchar(255) NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "automatic_message_rules" ADD CONSTRAINT "automatic_message_rules_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_message_rules" ADD CONSTRAINT "automatic_message_rules_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_message_sends" ADD CONSTRAINT "automatic_message_sends_rule_id_automatic_message_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."automatic_message_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_message_sends" ADD CONSTRAINT "automatic_message_sends_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automatic_message_sends" ADD CONSTRAINT "automatic_message_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_replies" ADD CONSTRAINT "message_replies_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_replies" ADD CONSTRAINT "message_replies_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_replies" ADD CONSTRAINT "message_replies_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_replies" ADD CONSTRAINT "message_replies_handled_by_accounts_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_message_template_id_message_templates_id_fk" FOREIGN KEY ("message_template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_scheduled_message_id_scheduled_messages_id_fk" FOREIGN KEY ("scheduled_message_id") REFERENCES "public"."scheduled_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_automatic_rule_id_automatic_message_rules_id_fk" FOREIGN KEY ("automatic_rule_id") REFERENCES "public"."automatic_message_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_messages" ADD CONSTRAINT "scheduled_messages_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_sessions" ADD CONSTRAINT "patient_sessions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automatic_message_rules_program_idx" ON "automatic_message_rules" USING btree ("program_id","trigger");--> statement-breakpoint
CREATE INDEX "automatic_message_sends_message_idx" ON "automatic_message_sends" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_key" ON "message_deliveries" USING btree ("message_id","patient_id","channel");--> statement-breakpoint
CREATE INDEX "message_deliveries_inbox_idx" ON "message_deliveries" USING btree ("patient_id","channel","message_id");--> statement-breakpoint
CREATE INDEX "message_deliveries_message_status_idx" ON "message_deliveries" USING btree ("message_id","channel","status");--> statement-breakpoint
CREATE INDEX "message_deliveries_failed_idx" ON "message_deliveries" USING btree ("program_id","failed_at") WHERE "message_deliveries"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "message_replies_program_idx" ON "message_replies" USING btree ("program_id","handled_at","created_at");--> statement-breakpoint
CREATE INDEX "messages_program_kind_idx" ON "messages" USING btree ("program_id","kind","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_scheduled_run_key" ON "messages" USING btree ("scheduled_message_id","run_at") WHERE "messages"."scheduled_message_id" is not null;--> statement-breakpoint
CREATE INDEX "scheduled_messages_program_idx" ON "scheduled_messages" USING btree ("program_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scheduled_messages_due_idx" ON "scheduled_messages" USING btree ("next_run_at") WHERE "scheduled_messages"."status" = 'active';--> statement-breakpoint
CREATE INDEX "support_messages_program_idx" ON "support_messages" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_sessions_patient_idx" ON "patient_sessions" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_sessions_last_used_idx" ON "patient_sessions" USING btree ("last_used_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_patient_idx" ON "push_subscriptions" USING btree ("patient_id");