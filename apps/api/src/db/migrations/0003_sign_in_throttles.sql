CREATE TABLE "sign_in_throttles" (
	"account" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_throttles_account_source_pk" PRIMARY KEY("account","source")
);
--> statement-breakpoint
CREATE INDEX "sign_in_throttles_last_failure_idx" ON "sign_in_throttles" USING btree ("last_failure_at");