CREATE TABLE "advance_collateral" (
	"id" serial PRIMARY KEY NOT NULL,
	"advance_id" integer NOT NULL,
	"product_id" integer,
	"stock_plan_id" integer,
	"units" numeric(24, 6) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"value" numeric(18, 2) NOT NULL,
	"loan_to_value" numeric(5, 4) NOT NULL,
	"contribution" numeric(18, 2) NOT NULL,
	"pledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "advance_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"advance_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advance_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"advance_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"interest" numeric(18, 2) NOT NULL,
	"principal" numeric(18, 2) NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"paid_at" timestamp with time zone,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "advance_repayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"advance_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"interest" numeric(18, 2) DEFAULT '0' NOT NULL,
	"kind" text DEFAULT 'repayment' NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"executed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "advances" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"outstanding" numeric(18, 2) DEFAULT '0' NOT NULL,
	"instalments" smallint NOT NULL,
	"annual_rate" numeric(8, 6) NOT NULL,
	"apr" numeric(8, 6) NOT NULL,
	"collateral_snapshot" jsonb NOT NULL,
	"income_band" text,
	"occupation" text,
	"income_ratio" numeric(12, 6),
	"flagged" boolean DEFAULT false NOT NULL,
	"contract_file_id" bigint,
	"signature_id" bigint,
	"document_hash" text,
	"signed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"disbursed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "margin_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"advance_id" integer NOT NULL,
	"outstanding" numeric(18, 2) NOT NULL,
	"limit_amount" numeric(18, 2) NOT NULL,
	"shortfall" numeric(18, 2) NOT NULL,
	"collateral_to_add" numeric(18, 2) NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"partner_id" integer,
	"company_name" text NOT NULL,
	"plan_name" text NOT NULL,
	"vested_units" numeric(24, 6) NOT NULL,
	"unit_price" numeric(18, 6) NOT NULL,
	"price_source" text NOT NULL,
	"loan_to_value" numeric(5, 4) NOT NULL,
	"status" text NOT NULL,
	"document_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
DROP INDEX "ledger_accounts_owner_unique";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "stock_plan_id" integer;--> statement-breakpoint
ALTER TABLE "advance_collateral" ADD CONSTRAINT "advance_collateral_advance_id_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."advances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_collateral" ADD CONSTRAINT "advance_collateral_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_collateral" ADD CONSTRAINT "advance_collateral_stock_plan_id_stock_plans_id_fk" FOREIGN KEY ("stock_plan_id") REFERENCES "public"."stock_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_events" ADD CONSTRAINT "advance_events_advance_id_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."advances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_events" ADD CONSTRAINT "advance_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_instalments" ADD CONSTRAINT "advance_instalments_advance_id_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."advances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_repayments" ADD CONSTRAINT "advance_repayments_advance_id_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."advances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advances" ADD CONSTRAINT "advances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advances" ADD CONSTRAINT "advances_signature_id_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."signatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_calls" ADD CONSTRAINT "margin_calls_advance_id_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."advances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_plans" ADD CONSTRAINT "stock_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_plans" ADD CONSTRAINT "stock_plans_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_plans" ADD CONSTRAINT "stock_plans_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_plans" ADD CONSTRAINT "stock_plans_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advance_collateral_advance_idx" ON "advance_collateral" USING btree ("advance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "advance_collateral_one_plan_pledge" ON "advance_collateral" USING btree ("stock_plan_id") WHERE "advance_collateral"."stock_plan_id" is not null and "advance_collateral"."released_at" is null;--> statement-breakpoint
CREATE INDEX "advance_events_advance_idx" ON "advance_events" USING btree ("advance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "advance_instalments_number_unique" ON "advance_instalments" USING btree ("advance_id","number");--> statement-breakpoint
CREATE INDEX "advance_instalments_due_idx" ON "advance_instalments" USING btree ("state","due_date");--> statement-breakpoint
CREATE INDEX "advance_repayments_advance_idx" ON "advance_repayments" USING btree ("advance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "advance_repayments_one_pending" ON "advance_repayments" USING btree ("advance_id") WHERE "advance_repayments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "advances_user_idx" ON "advances" USING btree ("user_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "advances_status_idx" ON "advances" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "advances_one_in_progress" ON "advances" USING btree ("user_id") WHERE "advances"."status" in (1, 2, 3, 4);--> statement-breakpoint
CREATE UNIQUE INDEX "margin_calls_one_open" ON "margin_calls" USING btree ("advance_id") WHERE "margin_calls"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "stock_plans_user_idx" ON "stock_plans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stock_plans_status_idx" ON "stock_plans" USING btree ("status");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_stock_plan_id_stock_plans_id_fk" FOREIGN KEY ("stock_plan_id") REFERENCES "public"."stock_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_unique" ON "ledger_accounts" USING btree ("kind",coalesce("user_id", 0),coalesce("product_id", 0),coalesce("stock_plan_id", 0));