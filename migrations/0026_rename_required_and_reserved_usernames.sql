CREATE TABLE "reserved_usernames" (
	"skeleton" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"user_id" integer NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rename_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reserved_usernames" ADD CONSTRAINT "reserved_usernames_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;