CREATE TABLE "stock_plan_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"stock_plan_id" integer NOT NULL,
	"day" date NOT NULL,
	"price" numeric(18, 6) NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_plan_prices_price_positive" CHECK ("stock_plan_prices"."price" > 0),
	CONSTRAINT "stock_plan_prices_source" CHECK ("stock_plan_prices"."source" in ('market_close', 'employer_valuation'))
);
--> statement-breakpoint
ALTER TABLE "stock_plan_prices" ADD CONSTRAINT "stock_plan_prices_stock_plan_id_stock_plans_id_fk" FOREIGN KEY ("stock_plan_id") REFERENCES "public"."stock_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_plan_prices" ADD CONSTRAINT "stock_plan_prices_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_plan_prices_plan_day_idx" ON "stock_plan_prices" USING btree ("stock_plan_id","day");--> statement-breakpoint
-- Each plan verified before prices were kept gets its first price: the verified one, on the Rome calendar
-- day of its verification, recorded by the operator who verified it (as verification now writes it).
INSERT INTO "stock_plan_prices" ("stock_plan_id", "day", "price", "source", "recorded_by", "recorded_at")
SELECT "id", ("verified_at" AT TIME ZONE 'Europe/Rome')::date, "unit_price", "price_source", "decided_by", "verified_at"
FROM "stock_plans"
WHERE "status" = 'verified' AND "verified_at" IS NOT NULL;
