CREATE TABLE "advance_credit_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"advance_id" integer NOT NULL,
	"message" text,
	"status" text NOT NULL,
	"outcome" text,
	"explanation" text,
	"decided_by" integer,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "advance_credit_reviews" ADD CONSTRAINT "advance_credit_reviews_advance_id_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."advances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advance_credit_reviews" ADD CONSTRAINT "advance_credit_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advance_credit_reviews_one_per_advance" ON "advance_credit_reviews" USING btree ("advance_id");