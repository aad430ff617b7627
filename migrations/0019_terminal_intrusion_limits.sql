ALTER TABLE "intrusions" ADD COLUMN "victim_alerted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "intrusions_pair" ON "intrusions" USING btree ("attacker_id","victim_id","started_at");--> statement-breakpoint
ALTER TABLE "intrusions" DROP COLUMN "directories_opened";