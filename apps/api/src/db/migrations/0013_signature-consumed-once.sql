ALTER TABLE "signatures" ADD COLUMN "consumed_at" timestamp with time zone;--> statement-breakpoint
-- Signatures used before the column existed count as used: an order's, a signed contract's, and every
-- signed swap's (a swap is made by the request that confirms its code).
UPDATE "signatures" SET "consumed_at" = t."created_at" FROM "transactions" t WHERE t."signature_id" = "signatures"."id";--> statement-breakpoint
UPDATE "signatures" SET "consumed_at" = a."signed_at" FROM "advances" a WHERE a."signature_id" = "signatures"."id" AND a."signed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "signatures" SET "consumed_at" = "signed_at" WHERE "purpose" = 'advance-swap' AND "signed_at" IS NOT NULL AND "consumed_at" IS NULL;
