ALTER TABLE "avatars" ADD COLUMN "live_key" varchar(512);
