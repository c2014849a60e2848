ALTER TABLE "multi_scenes" ADD COLUMN "engine" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "multi_scenes" ADD COLUMN "render_job" varchar(64);--> statement-breakpoint
ALTER TABLE "multi_scenes" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "multi_scenes_engine_idx" ON "multi_scenes" USING btree ("engine","status");