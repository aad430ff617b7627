CREATE TABLE "activity_seen" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"seen_ledger_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_seen" ADD CONSTRAINT "activity_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telnet_ledger_activity" ON "telnet_ledger" USING btree ("user_id","id") WHERE "telnet_ledger"."reason" in ('market-sale', 'hack-lost', 'boss-reward', 'mission') or ("telnet_ledger"."reason" = 'decode' and "telnet_ledger"."reference" like 'drone:%');--> statement-breakpoint
-- Players who were here before the log start with everything so far seen (ADR 064), not their whole history at once.
INSERT INTO "activity_seen" ("user_id", "seen_ledger_id") SELECT "user_id", max("id") FROM "telnet_ledger" GROUP BY "user_id";
