ALTER TABLE "products" ADD COLUMN "recommended_holding_years" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "performance_ytd";