CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"login_id" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"current_exp" bigint DEFAULT 0 NOT NULL,
	"total_taps" bigint DEFAULT 0 NOT NULL,
	"telnet" bigint DEFAULT 0 NOT NULL,
	"telnet_cents" integer DEFAULT 0 NOT NULL,
	"attack" integer NOT NULL,
	"critical_rate" double precision NOT NULL,
	"bonus_critical_hit" double precision NOT NULL,
	"connection_rate" double precision NOT NULL,
	"item_drop_rate" double precision NOT NULL,
	"tap_tokens" double precision NOT NULL,
	"tap_tokens_at" bigint NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"registration_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telnet_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"delta" bigint NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gear" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"rarity" text NOT NULL,
	"level" integer NOT NULL,
	"stat_value" integer NOT NULL,
	"is_equipped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telnet_core_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "telnet_core_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "telnet_cores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"core_type_id" integer NOT NULL,
	"is_opened" boolean DEFAULT false NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"telnet_rewarded" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tap_batches" (
	"user_id" integer NOT NULL,
	"batch_timestamp" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tap_batches_user_id_batch_timestamp_pk" PRIMARY KEY("user_id","batch_timestamp")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telnet_ledger" ADD CONSTRAINT "telnet_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gear" ADD CONSTRAINT "gear_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telnet_cores" ADD CONSTRAINT "telnet_cores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telnet_cores" ADD CONSTRAINT "telnet_cores_core_type_id_telnet_core_types_id_fk" FOREIGN KEY ("core_type_id") REFERENCES "public"."telnet_core_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tap_batches" ADD CONSTRAINT "tap_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_id_lower" ON "users" USING btree (lower("login_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_by_level" ON "users" USING btree ("level" DESC NULLS FIRST,"current_exp" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_by_total_taps" ON "users" USING btree ("total_taps" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_registration_ip" ON "users" USING btree ("registration_ip");--> statement-breakpoint
CREATE INDEX "sessions_user_id" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "telnet_ledger_user_id" ON "telnet_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "gear_user_id" ON "gear" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "telnet_cores_user_id" ON "telnet_cores" USING btree ("user_id");