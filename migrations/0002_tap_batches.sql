CREATE TABLE "tap_batches" (
	"user_id" integer NOT NULL,
	"batch_timestamp" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tap_batches_user_id_batch_timestamp_pk" PRIMARY KEY("user_id","batch_timestamp")
);
--> statement-breakpoint
ALTER TABLE "tap_batches" ADD CONSTRAINT "tap_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;