CREATE TABLE "content_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"menu" varchar(64) NOT NULL,
	"section_id" integer,
	"name" varchar(254) NOT NULL,
	"image" varchar(512),
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"menu" varchar(64) NOT NULL,
	"section_id" integer,
	"category_id" integer,
	"sub_category_id" integer,
	"title" varchar(254) NOT NULL,
	"subtitle" varchar(254),
	"body" text,
	"image" varchar(512),
	"link" varchar(2048),
	"video_url" varchar(2048),
	"duration_minutes" smallint,
	"phone" varchar(32),
	"email" varchar(254),
	"address" varchar(512),
	"weight_loss_type" smallint,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"page" varchar(64) NOT NULL,
	"title" varchar(254),
	"link" varchar(2048),
	"body" text,
	"image" varchar(512),
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_sub_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"menu" varchar(64) NOT NULL,
	"section_id" integer,
	"category_id" integer NOT NULL,
	"name" varchar(254) NOT NULL,
	"image" varchar(512),
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"program_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dynamic_content_sections" ADD COLUMN "order_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_categories" ADD CONSTRAINT "content_categories_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_categories" ADD CONSTRAINT "content_categories_section_id_dynamic_content_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."dynamic_content_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_section_id_dynamic_content_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."dynamic_content_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_category_id_content_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."content_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_sub_category_id_content_sub_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."content_sub_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_sub_categories" ADD CONSTRAINT "content_sub_categories_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_sub_categories" ADD CONSTRAINT "content_sub_categories_section_id_dynamic_content_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."dynamic_content_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_sub_categories" ADD CONSTRAINT "content_sub_categories_category_id_content_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."content_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_categories_menu_idx" ON "content_categories" USING btree ("program_id","menu","order_index","id");--> statement-breakpoint
CREATE INDEX "content_categories_section_idx" ON "content_categories" USING btree ("section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_categories_name_key" ON "content_categories" USING btree ("program_id","menu",coalesce("section_id", 0),lower("name"));--> statement-breakpoint
CREATE INDEX "content_items_menu_idx" ON "content_items" USING btree ("program_id","menu","order_index","id");--> statement-breakpoint
CREATE INDEX "content_items_section_idx" ON "content_items" USING btree ("section_id","order_index");--> statement-breakpoint
CREATE INDEX "content_items_category_idx" ON "content_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "content_items_sub_category_idx" ON "content_items" USING btree ("sub_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_program_page_key" ON "content_pages" USING btree ("program_id","page");--> statement-breakpoint
CREATE INDEX "content_sub_categories_menu_idx" ON "content_sub_categories" USING btree ("program_id","menu","order_index","id");--> statement-breakpoint
CREATE INDEX "content_sub_categories_category_idx" ON "content_sub_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "content_sub_categories_section_idx" ON "content_sub_categories" USING btree ("section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_sub_categories_name_key" ON "content_sub_categories" USING btree ("category_id",lower("name"));