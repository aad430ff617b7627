CREATE TABLE "blockchain_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"boss_id" integer NOT NULL,
	"code_version" integer NOT NULL,
	"user_id" integer NOT NULL,
	"guess" text NOT NULL,
	"correct_position" integer NOT NULL,
	"wrong_position" integer NOT NULL,
	"exp_lost" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blockchain_bosses" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"integrity" integer NOT NULL,
	"max_integrity" integer NOT NULL,
	"code_length" integer NOT NULL,
	"code" text NOT NULL,
	"previous_code" text,
	"code_version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"spawned_at" timestamp with time zone NOT NULL,
	"defeated_at" timestamp with time zone,
	"next_spawn_at" timestamp with time zone,
	"last_hitter_id" integer,
	"last_hitter_username" text,
	"last_hitter_blacklisted" boolean DEFAULT false NOT NULL,
	"last_hitter_reward" integer DEFAULT 0 NOT NULL,
	"most_damage_id" integer,
	"most_damage_username" text,
	"most_damage_blacklisted" boolean DEFAULT false NOT NULL,
	"most_damage_reward" integer DEFAULT 0 NOT NULL,
	"most_damage_amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blockchain_integrity_range" CHECK ("blockchain_bosses"."integrity" >= 0 AND "blockchain_bosses"."integrity" <= "blockchain_bosses"."max_integrity"),
	CONSTRAINT "blockchain_defeated_at_zero" CHECK (("blockchain_bosses"."status" = 'defeated') = ("blockchain_bosses"."integrity" = 0)),
	CONSTRAINT "blockchain_code_digits" CHECK ("blockchain_bosses"."code" ~ '^[0-9]+$' AND length("blockchain_bosses"."code") = "blockchain_bosses"."code_length"),
	CONSTRAINT "blockchain_level_positive" CHECK ("blockchain_bosses"."level" >= 1)
);
--> statement-breakpoint
CREATE TABLE "blockchain_guessers" (
	"user_id" integer NOT NULL,
	"last_guess_at_ms" bigint NOT NULL,
	CONSTRAINT "blockchain_guessers_user_id_pk" PRIMARY KEY("user_id")
);
--> statement-breakpoint
CREATE TABLE "blockchain_hits" (
	"id" serial PRIMARY KEY NOT NULL,
	"boss_id" integer NOT NULL,
	"code_version" integer NOT NULL,
	"user_id" integer NOT NULL,
	"damage" integer NOT NULL,
	"is_critical" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blockchain_hits_one_per_code" UNIQUE("boss_id","code_version"),
	CONSTRAINT "blockchain_hits_damage_positive" CHECK ("blockchain_hits"."damage" > 0)
);
--> statement-breakpoint
ALTER TABLE "blockchain_attempts" ADD CONSTRAINT "blockchain_attempts_boss_id_blockchain_bosses_id_fk" FOREIGN KEY ("boss_id") REFERENCES "public"."blockchain_bosses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blockchain_attempts" ADD CONSTRAINT "blockchain_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blockchain_bosses" ADD CONSTRAINT "blockchain_bosses_last_hitter_id_users_id_fk" FOREIGN KEY ("last_hitter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blockchain_bosses" ADD CONSTRAINT "blockchain_bosses_most_damage_id_users_id_fk" FOREIGN KEY ("most_damage_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blockchain_guessers" ADD CONSTRAINT "blockchain_guessers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blockchain_hits" ADD CONSTRAINT "blockchain_hits_boss_id_blockchain_bosses_id_fk" FOREIGN KEY ("boss_id") REFERENCES "public"."blockchain_bosses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blockchain_hits" ADD CONSTRAINT "blockchain_hits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blockchain_attempts_by_code" ON "blockchain_attempts" USING btree ("boss_id","code_version","id");--> statement-breakpoint
CREATE INDEX "blockchain_attempts_by_user" ON "blockchain_attempts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blockchain_one_active" ON "blockchain_bosses" USING btree ("status") WHERE "blockchain_bosses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "blockchain_bosses_defeated" ON "blockchain_bosses" USING btree ("defeated_at");