CREATE TABLE "ignores" (
	"user_id" integer NOT NULL,
	"ignored_user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ignores_user_id_ignored_user_id_pk" PRIMARY KEY("user_id","ignored_user_id"),
	CONSTRAINT "ignores_not_self" CHECK ("ignores"."user_id" <> "ignores"."ignored_user_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer NOT NULL,
	"reported_user_id" integer,
	"target_kind" text NOT NULL,
	"target_ref" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"action" text,
	CONSTRAINT "reports_once_per_target" UNIQUE("reporter_id","target_kind","target_ref"),
	CONSTRAINT "reports_resolution" CHECK (("reports"."status" = 'open') = ("reports"."resolved_at" IS NULL AND "reports"."action" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "private_messages" ADD COLUMN "withheld" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ignores" ADD CONSTRAINT "ignores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ignores" ADD CONSTRAINT "ignores_ignored_user_id_users_id_fk" FOREIGN KEY ("ignored_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ignores_ignored" ON "ignores" USING btree ("ignored_user_id");--> statement-breakpoint
CREATE INDEX "reports_open_target" ON "reports" USING btree ("target_kind","target_ref") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_created" ON "reports" USING btree ("created_at");