CREATE TABLE "reserved_usernames" (
	"skeleton" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"user_id" integer NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_reversals" (
	"reference" text NOT NULL,
	"user_id" integer NOT NULL,
	"delta" bigint NOT NULL,
	"owed" bigint NOT NULL,
	"reversed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_reversals_reference_user_id_pk" PRIMARY KEY("reference","user_id"),
	CONSTRAINT "ledger_reversals_owed" CHECK ("ledger_reversals"."owed" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rename_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kernel_state" ADD COLUMN "cleared_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "kernel_state" ADD COLUMN "season_freed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reserved_usernames" ADD CONSTRAINT "reserved_usernames_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_reversals" ADD CONSTRAINT "ledger_reversals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_reversals_user" ON "ledger_reversals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "telnet_ledger_reference" ON "telnet_ledger" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "kernel_state" ADD CONSTRAINT "kernel_state_cleared" CHECK ("kernel_state"."cleared_version" BETWEEN 0 AND "kernel_state"."version" AND "kernel_state"."season_freed" BETWEEN 0 AND "kernel_state"."version" - "kernel_state"."season_start_version");