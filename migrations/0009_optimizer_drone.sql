CREATE TABLE "drone_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"clicks_total" integer NOT NULL,
	"clicks_per_step" jsonb NOT NULL,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"clicks_done" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"next_step_at" timestamp with time zone,
	"level_before" integer NOT NULL,
	"new_level" integer NOT NULL,
	"experience" bigint DEFAULT 0 NOT NULL,
	"telnet_earned" integer DEFAULT 0 NOT NULL,
	"lost_drops" integer DEFAULT 0 NOT NULL,
	"gear" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"harvested_at" timestamp with time zone,
	CONSTRAINT "drone_status" CHECK ("drone_runs"."status" IN ('active', 'finished', 'harvested')),
	CONSTRAINT "drone_clicks_range" CHECK ("drone_runs"."clicks_total" BETWEEN 1 AND 250 AND "drone_runs"."clicks_done" BETWEEN 0 AND "drone_runs"."clicks_total"),
	CONSTRAINT "drone_steps_range" CHECK ("drone_runs"."steps_done" BETWEEN 0 AND 10),
	CONSTRAINT "drone_active_has_next" CHECK (("drone_runs"."status" = 'active') = ("drone_runs"."next_step_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "optimizer_states" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"ends_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"paid_telnet" integer,
	CONSTRAINT "optimizer_level_range" CHECK ("optimizer_states"."level" BETWEEN 0 AND 80),
	CONSTRAINT "optimizer_running_whole" CHECK (("optimizer_states"."ends_at" IS NULL) = ("optimizer_states"."started_at" IS NULL) AND ("optimizer_states"."ends_at" IS NULL) = ("optimizer_states"."paid_telnet" IS NULL)),
	CONSTRAINT "optimizer_no_upgrade_at_max" CHECK ("optimizer_states"."ends_at" IS NULL OR "optimizer_states"."level" < 80)
);
--> statement-breakpoint
ALTER TABLE "drone_runs" ADD CONSTRAINT "drone_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optimizer_states" ADD CONSTRAINT "optimizer_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drone_one_active_run" ON "drone_runs" USING btree ("user_id") WHERE "drone_runs"."status" = 'active';--> statement-breakpoint
CREATE INDEX "drone_unharvested" ON "drone_runs" USING btree ("user_id","id") WHERE "drone_runs"."status" = 'finished';