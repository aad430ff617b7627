CREATE TABLE "username_reservations" (
	"skeleton" text PRIMARY KEY NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "username_reservations_until" ON "username_reservations" USING btree ("reserved_until");--> statement-breakpoint
CREATE INDEX "private_messages_receiver" ON "private_messages" USING btree ("receiver_id","id");