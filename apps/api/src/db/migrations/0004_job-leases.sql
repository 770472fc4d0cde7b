ALTER TABLE "jobs" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("lease_expires_at") WHERE "jobs"."status" = 'running';--> statement-breakpoint
UPDATE "jobs" SET "lease_expires_at" = "locked_at" + interval '15 minutes' WHERE "status" = 'running';
