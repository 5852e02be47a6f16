CREATE TABLE "ad_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(254) NOT NULL,
	"placement" varchar(32),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(12) NOT NULL,
	"ad_set_id" integer,
	"title" varchar(254) NOT NULL,
	"description" text,
	"image" varchar(512),
	"link" varchar(2048),
	"discount_code" varchar(64),
	"starts_on" date,
	"ends_on" date,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"stats_reset_at" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ads_kind_check" CHECK ("ads"."kind" in ('banner', 'discount')),
	CONSTRAINT "ads_set_check" CHECK (("ads"."kind" = 'banner') = ("ads"."ad_set_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "app_main_menu" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(64) NOT NULL,
	"label" varchar(254) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_main_menu_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bari_resource_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(254) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bari_resource_sub_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" varchar(254) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bari_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"bari_resource_category_id" integer,
	"bari_resource_sub_category_id" integer,
	"title" varchar(254) NOT NULL,
	"link" varchar(2048),
	"link_type" varchar(16),
	"engagement_time" integer,
	"preview_image" varchar(512),
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dynamic_notification_sends" (
	"notification_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"trigger_key" varchar(64) NOT NULL,
	"program_id" integer NOT NULL,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dynamic_notification_sends_notification_id_patient_id_trigger_key_pk" PRIMARY KEY("notification_id","patient_id","trigger_key")
);
--> statement-breakpoint
CREATE TABLE "dynamic_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"patient_type" varchar(16) DEFAULT 'all' NOT NULL,
	"stages" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"rule_type" varchar(16) NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" text NOT NULL,
	"image" varchar(512),
	"url" varchar(2048),
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dynamic_notifications_rule_type_check" CHECK ("dynamic_notifications"."rule_type" in ('surgery_date', 'weight', 'weight_lost', 'reminder', 'food', 'signup'))
);
--> statement-breakpoint
CREATE TABLE "how_to_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(254) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "how_to_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer,
	"title" varchar(254) NOT NULL,
	"description" text,
	"video_url" varchar(2048),
	"image" varchar(512),
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mobile_support_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_group_members" (
	"group_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_group_members_group_id_patient_id_pk" PRIMARY KEY("group_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "patient_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(254) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_trophies" (
	"trophy_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"awarded_on" date NOT NULL,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_trophies_trophy_id_patient_id_pk" PRIMARY KEY("trophy_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "recipe_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(254) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"name" varchar(254) NOT NULL,
	"recipe" text,
	"ingredient" text,
	"picture" varchar(512),
	"recipes_flag" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"nt_check" smallint DEFAULT 0 NOT NULL,
	"item_id" varchar(64),
	"brand_id" varchar(64),
	"item_name" varchar(254),
	"brand_name" varchar(254),
	"nf_calories" numeric(10, 2),
	"nf_total_fat" numeric(10, 2),
	"nf_saturated_fat" numeric(10, 2),
	"nf_trans_fatty_acid" numeric(10, 2),
	"nf_polyunsaturated_fat" numeric(10, 2),
	"nf_monounsaturated_fat" numeric(10, 2),
	"nf_cholesterol" numeric(10, 2),
	"nf_sodium" numeric(10, 2),
	"nf_sugars" numeric(10, 2),
	"nf_protein" numeric(10, 2),
	"nf_serving_size_qty" numeric(10, 2),
	"nf_serving_size_unit" varchar(64),
	"nf_serving_weight_grams" numeric(10, 2),
	"nf_type" varchar(32),
	"nf_total_item" integer,
	"nf_dietary_fiber" numeric(10, 2),
	"nf_remote_db_key" varchar(64),
	"nf_total_carbohydrate" numeric(10, 2),
	"nf_calcium" numeric(10, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"surgery_type" varchar(16) NOT NULL,
	"title" varchar(254) NOT NULL,
	"description" text,
	"link" varchar(2048),
	"image" varchar(512),
	"is_default" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_items_surgery_type_check" CHECK ("shop_items"."surgery_type" in ('surgical', 'non_surgical'))
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trophy_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(254) NOT NULL,
	"user_tier" varchar(32),
	"rule_type" varchar(32) DEFAULT 'food_log' NOT NULL,
	"date" date,
	"days" integer DEFAULT 1 NOT NULL,
	"days_condition" varchar(16) DEFAULT 'in_row' NOT NULL,
	"surgery_day_type" varchar(8) DEFAULT 'day' NOT NULL,
	"surgery_days" integer,
	"front_image" varchar(512),
	"back_image" varchar(512),
	"link" varchar(2048),
	"notification_content" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_kind_check";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "image" varchar(512);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "link" varchar(2048);--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_ad_set_id_ad_sets_id_fk" FOREIGN KEY ("ad_set_id") REFERENCES "public"."ad_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bari_resource_sub_categories" ADD CONSTRAINT "bari_resource_sub_categories_category_id_bari_resource_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."bari_resource_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bari_resources" ADD CONSTRAINT "bari_resources_bari_resource_category_id_bari_resource_categories_id_fk" FOREIGN KEY ("bari_resource_category_id") REFERENCES "public"."bari_resource_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bari_resources" ADD CONSTRAINT "bari_resources_bari_resource_sub_category_id_bari_resource_sub_categories_id_fk" FOREIGN KEY ("bari_resource_sub_category_id") REFERENCES "public"."bari_resource_sub_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_notification_sends" ADD CONSTRAINT "dynamic_notification_sends_notification_id_dynamic_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."dynamic_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_notification_sends" ADD CONSTRAINT "dynamic_notification_sends_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_notification_sends" ADD CONSTRAINT "dynamic_notification_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_notifications" ADD CONSTRAINT "dynamic_notifications_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "how_to_items" ADD CONSTRAINT "how_to_items_category_id_how_to_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."how_to_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_group_members" ADD CONSTRAINT "patient_group_members_group_id_patient_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."patient_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_group_members" ADD CONSTRAINT "patient_group_members_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_groups" ADD CONSTRAINT "patient_groups_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_trophies" ADD CONSTRAINT "patient_trophies_trophy_id_trophy_cards_id_fk" FOREIGN KEY ("trophy_id") REFERENCES "public"."trophy_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_trophies" ADD CONSTRAINT "patient_trophies_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_trophies" ADD CONSTRAINT "patient_trophies_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_kind_set_idx" ON "ads" USING btree ("kind","ad_set_id","order_index","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bari_resource_categories_name_key" ON "bari_resource_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "bari_resource_sub_categories_name_key" ON "bari_resource_sub_categories" USING btree ("category_id",lower("name"));--> statement-breakpoint
CREATE INDEX "bari_resources_order_idx" ON "bari_resources" USING btree ("order_index","id");--> statement-breakpoint
CREATE INDEX "bari_resources_category_idx" ON "bari_resources" USING btree ("bari_resource_category_id");--> statement-breakpoint
CREATE INDEX "bari_resources_sub_category_idx" ON "bari_resources" USING btree ("bari_resource_sub_category_id");--> statement-breakpoint
CREATE INDEX "dynamic_notification_sends_message_idx" ON "dynamic_notification_sends" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "dynamic_notification_sends_patient_idx" ON "dynamic_notification_sends" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "how_to_categories_name_key" ON "how_to_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "how_to_items_order_idx" ON "how_to_items" USING btree ("order_index","id");--> statement-breakpoint
CREATE INDEX "how_to_items_category_idx" ON "how_to_items" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_support_mails_email_key" ON "mobile_support_mails" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "patient_group_members_patient_idx" ON "patient_group_members" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_groups_name_key" ON "patient_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "patient_trophies_patient_idx" ON "patient_trophies" USING btree ("patient_id","awarded_on");--> statement-breakpoint
CREATE INDEX "patient_trophies_program_day_idx" ON "patient_trophies" USING btree ("program_id","awarded_on");--> statement-breakpoint
CREATE INDEX "patient_trophies_message_idx" ON "patient_trophies" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recipe_categories_name_key" ON "recipe_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "recipes_name_idx" ON "recipes" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "recipes_categories_idx" ON "recipes" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "shop_items_type_idx" ON "shop_items" USING btree ("surgery_type","order_index","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_items_default_key" ON "shop_items" USING btree ("surgery_type") WHERE "shop_items"."is_default" = 1;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" in ('on_demand', 'scheduled', 'automatic', 'system', 'dynamic', 'trophy', 'group'));