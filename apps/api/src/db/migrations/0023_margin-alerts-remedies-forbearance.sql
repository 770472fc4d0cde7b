CREATE TABLE "margin_alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"advance_id" integer NOT NULL,
	"stage" text NOT NULL,
	"loan_to_value" numeric(9, 4),
	"outstanding" numeric(18, 2) NOT NULL,
	"limit_amount" numeric(18, 2) NOT NULL,
	"told" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remedy_rankings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"methods" jsonb NOT NULL,
	"pledge_order" jsonb NOT NULL,
	"sell_order" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "margin_calls" ADD COLUMN "grace_until" date;--> statement-breakpoint
ALTER TABLE "margin_calls" ADD COLUMN "forbearance_offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "margin_calls" ADD COLUMN "forbearance_offered_by" integer;--> statement-breakpoint
ALTER TABLE "margin_calls" ADD COLUMN "forbearance_answer" text;--> statement-breakpoint
ALTER TABLE "margin_calls" ADD COLUMN "forbearance_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "margin_calls" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "margin_calls" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "margin_calls" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "margin_alert_events" ADD CONSTRAINT "margin_alert_events_advance_id_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."advances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remedy_rankings" ADD CONSTRAINT "remedy_rankings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "margin_alert_events_advance_idx" ON "margin_alert_events" USING btree ("advance_id","id");--> statement-breakpoint
ALTER TABLE "margin_calls" ADD CONSTRAINT "margin_calls_forbearance_offered_by_users_id_fk" FOREIGN KEY ("forbearance_offered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "margin_calls" ADD CONSTRAINT "margin_calls_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;