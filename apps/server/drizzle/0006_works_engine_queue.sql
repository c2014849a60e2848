ALTER TABLE "works" ADD COLUMN "engine" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "engine_task_id" varchar(128);--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "render_job" varchar(64);--> statement-breakpoint
CREATE INDEX "works_engine_live_idx" ON "works" USING btree ("engine","status","created_at","id") WHERE "works"."status" in (1, 2);--> statement-breakpoint
CREATE INDEX "works_engine_task_idx" ON "works" USING btree ("engine_task_id") WHERE "works"."engine_task_id" is not null;