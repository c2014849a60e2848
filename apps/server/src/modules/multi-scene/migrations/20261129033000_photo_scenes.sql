ALTER TABLE "multi_scenes" ADD COLUMN "photo_id" integer;--> statement-breakpoint
ALTER TABLE "multi_scenes" ADD COLUMN "image_key" varchar(512);--> statement-breakpoint
ALTER TABLE "multi_scenes" ADD COLUMN "photo_channel" varchar(32);--> statement-breakpoint
ALTER TABLE "multi_scenes" ADD COLUMN "credits_per_second" integer;--> statement-breakpoint
ALTER TABLE "multi_scenes" ADD COLUMN "engine_task_id" varchar(128);
