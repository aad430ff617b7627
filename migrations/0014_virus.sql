CREATE TABLE "virus_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_intent_id" text,
	"client_secret" text,
	"trojan_count" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"cores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cores_revoked" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "virus_purchase_intent" UNIQUE("payment_intent_id"),
	CONSTRAINT "virus_purchase_click" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "virus_trojan_count" CHECK ("virus_purchases"."trojan_count" IN (1, 10)),
	CONSTRAINT "virus_amount" CHECK ("virus_purchases"."amount_cents" > 0),
	CONSTRAINT "virus_status" CHECK ("virus_purchases"."status" IN ('started', 'fulfilled', 'owed', 'failed', 'refunded', 'disputed')),
	CONSTRAINT "virus_revoked" CHECK ("virus_purchases"."cores_revoked" >= 0 AND "virus_purchases"."cores_revoked" <= "virus_purchases"."trojan_count")
);
--> statement-breakpoint
ALTER TABLE "virus_purchases" ADD CONSTRAINT "virus_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "virus_purchase_user_created" ON "virus_purchases" USING btree ("user_id","created_at" DESC NULLS LAST);