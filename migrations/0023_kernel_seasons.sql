CREATE TABLE "kernel_seasons" (
	"season" integer PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"end_reason" text NOT NULL,
	"bits_sold" integer NOT NULL,
	"telnet_burned" bigint NOT NULL,
	"top_painters" jsonb NOT NULL,
	"image" "bytea" NOT NULL,
	CONSTRAINT "kernel_seasons_number" CHECK ("kernel_seasons"."season" >= 1),
	CONSTRAINT "kernel_seasons_reason" CHECK ("kernel_seasons"."end_reason" IN ('full', 'time', 'operator')),
	CONSTRAINT "kernel_seasons_counts" CHECK ("kernel_seasons"."bits_sold" BETWEEN 0 AND 640000 AND "kernel_seasons"."telnet_burned" >= 0)
);
--> statement-breakpoint
ALTER TABLE "kernel_state" ADD COLUMN "season" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "kernel_state" ADD COLUMN "season_start_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kernel_state" ADD COLUMN "season_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "kernel_state" ADD CONSTRAINT "kernel_state_season" CHECK ("kernel_state"."season" >= 1 AND "kernel_state"."season_start_version" BETWEEN 0 AND "kernel_state"."version");