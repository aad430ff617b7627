CREATE TABLE "market_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"escrow_id" integer,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"filter_type" text NOT NULL,
	"rarity" text,
	"item_name" text NOT NULL,
	"item_data" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"price" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"buyer_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "market_price_range" CHECK ("market_listings"."price" >= 1),
	CONSTRAINT "market_status" CHECK ("market_listings"."status" IN ('active', 'sold', 'removed', 'expired')),
	CONSTRAINT "market_item_type" CHECK ("market_listings"."item_type" IN ('gear', 'telnet-core'))
);
--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_escrow_id_escrows_id_fk" FOREIGN KEY ("escrow_id") REFERENCES "public"."escrows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_active_newest" ON "market_listings" USING btree ("id" DESC NULLS LAST) WHERE "market_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "market_active_price" ON "market_listings" USING btree ("price","id") WHERE "market_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "market_active_type_newest" ON "market_listings" USING btree ("filter_type","id" DESC NULLS LAST) WHERE "market_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "market_seller_active" ON "market_listings" USING btree ("seller_id") WHERE "market_listings"."status" = 'active';