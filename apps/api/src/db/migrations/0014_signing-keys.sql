CREATE TABLE "signing_keys" (
	"generation" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_until" timestamp with time zone
);
