CREATE TABLE "escrows" (
	"id" serial PRIMARY KEY NOT NULL,
	"depositor_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_to_id" integer
);
--> statement-breakpoint
ALTER TABLE "gear" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "telnet_cores" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gear" ADD COLUMN "escrow_id" integer;--> statement-breakpoint
ALTER TABLE "telnet_cores" ADD COLUMN "escrow_id" integer;--> statement-breakpoint
ALTER TABLE "escrows" ADD CONSTRAINT "escrows_depositor_id_users_id_fk" FOREIGN KEY ("depositor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrows" ADD CONSTRAINT "escrows_released_to_id_users_id_fk" FOREIGN KEY ("released_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "escrows_purpose_reference" ON "escrows" USING btree ("purpose","reference");--> statement-breakpoint
CREATE INDEX "escrows_open_by_depositor" ON "escrows" USING btree ("depositor_id") WHERE "escrows"."released_at" IS NULL;--> statement-breakpoint
ALTER TABLE "gear" ADD CONSTRAINT "gear_escrow_id_escrows_id_fk" FOREIGN KEY ("escrow_id") REFERENCES "public"."escrows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telnet_cores" ADD CONSTRAINT "telnet_cores_escrow_id_escrows_id_fk" FOREIGN KEY ("escrow_id") REFERENCES "public"."escrows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gear_escrow_id" ON "gear" USING btree ("escrow_id");--> statement-breakpoint
CREATE INDEX "telnet_cores_escrow_id" ON "telnet_cores" USING btree ("escrow_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_telnet_not_negative" CHECK ("users"."telnet" >= 0);--> statement-breakpoint
ALTER TABLE "gear" ADD CONSTRAINT "gear_one_holder" CHECK (("gear"."user_id" IS NULL) <> ("gear"."escrow_id" IS NULL));--> statement-breakpoint
ALTER TABLE "gear" ADD CONSTRAINT "gear_escrowed_not_equipped" CHECK ("gear"."escrow_id" IS NULL OR NOT "gear"."is_equipped");--> statement-breakpoint
ALTER TABLE "telnet_cores" ADD CONSTRAINT "telnet_cores_one_holder" CHECK (("telnet_cores"."user_id" IS NULL) <> ("telnet_cores"."escrow_id" IS NULL));--> statement-breakpoint
ALTER TABLE "telnet_cores" ADD CONSTRAINT "telnet_cores_escrowed_not_used" CHECK ("telnet_cores"."escrow_id" IS NULL OR NOT "telnet_cores"."is_used");