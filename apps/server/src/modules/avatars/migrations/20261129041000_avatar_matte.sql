ALTER TABLE "avatars" ADD COLUMN "matte_key" varchar(512);--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "cutout_key" varchar(512);
