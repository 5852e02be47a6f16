CREATE TABLE "sso_provider_domains" (
	"domain" varchar(254) PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	CONSTRAINT "sso_provider_domains_lower_check" CHECK ("sso_provider_domains"."domain" = lower("sso_provider_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "sso_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"display_name" varchar(254) NOT NULL,
	"issuer" varchar(500) NOT NULL,
	"client_id" varchar(254) NOT NULL,
	"client_secret" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_providers_program_id_unique" UNIQUE("program_id")
);
--> statement-breakpoint
CREATE TABLE "sso_sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"state_hash" varchar(64) NOT NULL,
	"browser_hash" varchar(64) NOT NULL,
	"nonce" varchar(128) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"provider_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"account_id" integer,
	"ticket_hash" varchar(64),
	"ticket_expires_at" timestamp with time zone,
	"ticket_used_at" timestamp with time zone,
	CONSTRAINT "sso_sign_ins_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "sso_sign_ins_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
ALTER TABLE "sso_provider_domains" ADD CONSTRAINT "sso_provider_domains_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD CONSTRAINT "sso_sign_ins_provider_id_sso_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."sso_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD CONSTRAINT "sso_sign_ins_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD CONSTRAINT "sso_sign_ins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_provider_domains_provider_idx" ON "sso_provider_domains" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "sso_sign_ins_ip_created_idx" ON "sso_sign_ins" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sso_sign_ins_created_idx" ON "sso_sign_ins" USING btree ("created_at");