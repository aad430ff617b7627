CREATE TABLE "kernel_bits" (
	"x" smallint NOT NULL,
	"y" smallint NOT NULL,
	"owner_id" integer NOT NULL,
	"color_r" smallint NOT NULL,
	"color_g" smallint NOT NULL,
	"color_b" smallint NOT NULL,
	"price" smallint NOT NULL,
	"version" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kernel_bits_x_y_pk" PRIMARY KEY("x","y"),
	CONSTRAINT "kernel_bits_on_grid" CHECK ("kernel_bits"."x" BETWEEN 0 AND 799 AND "kernel_bits"."y" BETWEEN 0 AND 799),
	CONSTRAINT "kernel_bits_price" CHECK ("kernel_bits"."price" BETWEEN 1 AND 20),
	CONSTRAINT "kernel_bits_version" CHECK ("kernel_bits"."version" >= 1),
	CONSTRAINT "kernel_bits_r" CHECK ("kernel_bits"."color_r" BETWEEN 0 AND 255),
	CONSTRAINT "kernel_bits_g" CHECK ("kernel_bits"."color_g" BETWEEN 0 AND 255),
	CONSTRAINT "kernel_bits_b" CHECK ("kernel_bits"."color_b" BETWEEN 0 AND 255)
);
--> statement-breakpoint
CREATE TABLE "kernel_colors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"color_r" smallint NOT NULL,
	"color_g" smallint NOT NULL,
	"color_b" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kernel_colors_r" CHECK ("kernel_colors"."color_r" BETWEEN 0 AND 255),
	CONSTRAINT "kernel_colors_g" CHECK ("kernel_colors"."color_g" BETWEEN 0 AND 255),
	CONSTRAINT "kernel_colors_b" CHECK ("kernel_colors"."color_b" BETWEEN 0 AND 255)
);
--> statement-breakpoint
CREATE TABLE "kernel_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "kernel_state_one_row" CHECK ("kernel_state"."id" = 1),
	CONSTRAINT "kernel_state_version" CHECK ("kernel_state"."version" >= 0)
);
--> statement-breakpoint
ALTER TABLE "kernel_bits" ADD CONSTRAINT "kernel_bits_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kernel_colors" ADD CONSTRAINT "kernel_colors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kernel_bits_version" ON "kernel_bits" USING btree ("version");--> statement-breakpoint
INSERT INTO "kernel_state" ("id", "version") VALUES (1, 0);
