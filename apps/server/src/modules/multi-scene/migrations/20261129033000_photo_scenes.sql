ALTER TABLE "multi_scenes" ADD COLUMN IF NOT EXISTS "photo_id" integer;--> statement-breakpoint
ALTER TABLE "multi_scenes" ADD COLUMN IF NOT EXISTS "image_key" varchar(512);--> statement-breakpoint
ALTER TABLE "multi_scenes" ADD COLUMN IF NOT EXISTS "photo_channel" varchar(32);--> statement-breakpoint
ALTER TABLE "multi_scenes" ADD COLUMN IF NOT EXISTS "credits_per_second" integer;--> statement-breakpoint
ALTER TABLE "multi_scenes" ADD COLUMN IF NOT EXISTS "engine_task_id" varchar(128);
