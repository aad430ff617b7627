CREATE TABLE "attacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"intrusion_id" integer NOT NULL,
	"attacker_id" integer NOT NULL,
	"victim_id" integer NOT NULL,
	"telnet_stolen" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attacks_stolen_not_negative" CHECK ("attacks"."telnet_stolen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "file_systems" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_dir" text DEFAULT '/' NOT NULL,
	"extra_directories" integer DEFAULT 0 NOT NULL,
	"is_developer" boolean DEFAULT false NOT NULL,
	"ssh_cooldown_until" timestamp with time zone,
	"hacked_shield_until" timestamp with time zone,
	"sshed_self_at" timestamp with time zone,
	"created_directory_at" timestamp with time zone,
	"moved_token_at" timestamp with time zone,
	"hacked_developer_at" timestamp with time zone,
	CONSTRAINT "file_systems_token_dir_normal" CHECK ("file_systems"."token_dir" ~ '^(/|(/[A-Za-z0-9_-]{1,24}){1,8})$'),
	CONSTRAINT "file_systems_extras_range" CHECK ("file_systems"."extra_directories" BETWEEN 0 AND 5)
);
--> statement-breakpoint
CREATE TABLE "fs_directories" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fs_directories_path_normal" CHECK ("fs_directories"."path" ~ '^(/[A-Za-z0-9_-]{1,24}){1,8}$')
);
--> statement-breakpoint
CREATE TABLE "intrusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"attacker_id" integer NOT NULL,
	"victim_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"outcome" text DEFAULT 'active' NOT NULL,
	"directories_opened" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "intrusions_two_players" CHECK ("intrusions"."attacker_id" <> "intrusions"."victim_id"),
	CONSTRAINT "intrusions_outcome" CHECK ("intrusions"."outcome" IN ('active', 'hacked', 'expired', 'exited')),
	CONSTRAINT "intrusions_ended" CHECK (("intrusions"."outcome" = 'active') = ("intrusions"."ended_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "attacks" ADD CONSTRAINT "attacks_intrusion_id_intrusions_id_fk" FOREIGN KEY ("intrusion_id") REFERENCES "public"."intrusions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attacks" ADD CONSTRAINT "attacks_attacker_id_users_id_fk" FOREIGN KEY ("attacker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attacks" ADD CONSTRAINT "attacks_victim_id_users_id_fk" FOREIGN KEY ("victim_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_systems" ADD CONSTRAINT "file_systems_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fs_directories" ADD CONSTRAINT "fs_directories_user_id_file_systems_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."file_systems"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intrusions" ADD CONSTRAINT "intrusions_attacker_id_users_id_fk" FOREIGN KEY ("attacker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intrusions" ADD CONSTRAINT "intrusions_victim_id_users_id_fk" FOREIGN KEY ("victim_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attacks_one_per_intrusion" ON "attacks" USING btree ("intrusion_id");--> statement-breakpoint
CREATE INDEX "attacks_pair" ON "attacks" USING btree ("attacker_id","victim_id","created_at");--> statement-breakpoint
CREATE INDEX "attacks_victim" ON "attacks" USING btree ("victim_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fs_directories_user_path" ON "fs_directories" USING btree ("user_id","path");--> statement-breakpoint
CREATE UNIQUE INDEX "intrusions_one_active" ON "intrusions" USING btree ("attacker_id") WHERE "intrusions"."outcome" = 'active';--> statement-breakpoint
CREATE INDEX "intrusions_victim" ON "intrusions" USING btree ("victim_id","started_at");