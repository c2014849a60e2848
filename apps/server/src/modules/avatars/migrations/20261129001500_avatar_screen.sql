ALTER TABLE "avatars" ADD COLUMN "screen" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "screen_color" varchar(7) DEFAULT '' NOT NULL;
