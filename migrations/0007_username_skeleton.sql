ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton" ON "users" USING btree ("username_skeleton");