CREATE TABLE "seed_runs" (
	"set" text NOT NULL,
	"version" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seed_runs_set_version_pk" PRIMARY KEY("set","version")
);
