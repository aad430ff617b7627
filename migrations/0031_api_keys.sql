CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_secret_hash" UNIQUE("secret_hash"),
	CONSTRAINT "api_keys_name_length" CHECK (char_length("api_keys"."name") between 1 and 40),
	CONSTRAINT "api_keys_scopes_present" CHECK (cardinality("api_keys"."scopes") >= 1)
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_user_id" ON "api_keys" USING btree ("user_id");