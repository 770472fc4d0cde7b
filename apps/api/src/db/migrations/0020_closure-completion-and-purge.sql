ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_closures" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "account_closures_retained_idx" ON "account_closures" USING btree ("retain_until") WHERE "account_closures"."purged_at" is null;--> statement-breakpoint
CREATE INDEX "data_exports_held_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."file_id" is not null;--> statement-breakpoint
UPDATE "users" SET "closed_at" = "account_closures"."completed_at" FROM "account_closures" WHERE "account_closures"."user_id" = "users"."id" AND "account_closures"."completed_at" IS NOT NULL;