CREATE TABLE "virus_test_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"client_secret" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virus_test_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "moderation_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "moderation_flag_cause" UNIQUE("user_id","reason","reference")
);
--> statement-breakpoint
ALTER TABLE "virus_purchases" ADD COLUMN "telnet_taken_back" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "virus_purchases" ADD COLUMN "telnet_owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "virus_purchases" ADD COLUMN "refused_over_limit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_flags" ADD CONSTRAINT "moderation_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_flags_created" ON "moderation_flags" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "virus_purchases" ADD CONSTRAINT "virus_taken_back" CHECK ("virus_purchases"."telnet_taken_back" >= 0 AND "virus_purchases"."telnet_owed" >= 0);