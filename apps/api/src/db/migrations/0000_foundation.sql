CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'it' NOT NULL,
	"attributes" text[] DEFAULT ARRAY['base']::text[] NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"status" integer DEFAULT 1 NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"referral_code" text NOT NULL,
	"referred_by" text,
	"partner_slug" text,
	"avatar_base64" text,
	"security_stamp" uuid DEFAULT gen_random_uuid() NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile" text NOT NULL,
	"key" text NOT NULL,
	"path" text NOT NULL,
	"icon" text NOT NULL,
	"position" integer NOT NULL,
	"label_it" text NOT NULL,
	"label_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"logo_svg" text NOT NULL,
	"brand_color" text DEFAULT '#1c7ed6' NOT NULL,
	"translated_content" jsonb NOT NULL,
	"loan_to_value" numeric(5, 4) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_navs" (
	"product_id" integer NOT NULL,
	"nav_date" date NOT NULL,
	"nav" numeric(18, 6) NOT NULL,
	CONSTRAINT "product_navs_product_id_nav_date_pk" PRIMARY KEY("product_id","nav_date")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"isin" text NOT NULL,
	"name" text NOT NULL,
	"translated_content" jsonb NOT NULL,
	"category" text NOT NULL,
	"risk_indicator" integer NOT NULL,
	"coupon_frequency" text,
	"coupon_rate" numeric(7, 4),
	"min_investment" numeric(18, 2) NOT NULL,
	"max_investment" numeric(18, 2),
	"min_holding_days" integer DEFAULT 0 NOT NULL,
	"capital_protection" numeric(5, 2),
	"entry_cost" numeric(7, 4) DEFAULT '0' NOT NULL,
	"annual_fee" numeric(7, 4) DEFAULT '0' NOT NULL,
	"maturity_date" date,
	"performance_ytd" numeric(9, 4),
	"loan_to_value" numeric(5, 4) NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"translated_content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"icon" text DEFAULT 'help' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"translated_content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_navs" ADD CONSTRAINT "product_navs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_articles" ADD CONSTRAINT "support_articles_collection_id_support_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."support_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_unique" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_items_profile_key_unique" ON "menu_items" USING btree ("profile","key");--> statement-breakpoint
CREATE INDEX "outbox_messages_pending_idx" ON "outbox_messages" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree ("recipient");--> statement-breakpoint
CREATE UNIQUE INDEX "partners_slug_unique" ON "partners" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "product_navs_date_idx" ON "product_navs" USING btree ("nav_date");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_unique" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "products_isin_unique" ON "products" USING btree ("isin");--> statement-breakpoint
CREATE UNIQUE INDEX "support_articles_collection_slug_unique" ON "support_articles" USING btree ("collection_id","slug");--> statement-breakpoint
CREATE INDEX "support_articles_collection_idx" ON "support_articles" USING btree ("collection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_collections_slug_unique" ON "support_collections" USING btree ("slug");