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
-- A plan's price is part of its owner's kept answers (wallet, home, borrowing power, the plan list): a change
-- announces `u:<owner>` on the read cache's channel, as migration 0012's triggers do for her own rows.
CREATE OR REPLACE FUNCTION lombard_stock_plan_price_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner integer;
BEGIN
  SELECT "user_id" INTO owner FROM "stock_plans"
  WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."stock_plan_id" ELSE NEW."stock_plan_id" END;
  IF owner IS NOT NULL THEN PERFORM pg_notify('lombard_data', 'u:' || owner); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lombard_data_stock_plan_prices AFTER INSERT OR UPDATE OR DELETE ON "stock_plan_prices" FOR EACH ROW EXECUTE FUNCTION lombard_stock_plan_price_notify();
--> statement-breakpoint
-- Each plan verified before prices were kept gets its first price: the verified one, on the Rome calendar
-- day of its verification, recorded by the operator who verified it (as verification now writes it).
INSERT INTO "stock_plan_prices" ("stock_plan_id", "day", "price", "source", "recorded_by", "recorded_at")
SELECT "id", ("verified_at" AT TIME ZONE 'Europe/Rome')::date, "unit_price", "price_source", "decided_by", "verified_at"
FROM "stock_plans"
WHERE "status" = 'verified' AND "verified_at" IS NOT NULL;
