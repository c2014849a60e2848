ALTER TABLE "works" DROP COLUMN "avatar_id";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "mode";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "voice_id";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "script";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "audio_file_id";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "language";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "emotion";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "rate";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "volume";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "pitch";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "estimate_seconds";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "credits_per_second";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "speech_key";--> statement-breakpoint
ALTER TABLE "works" DROP COLUMN "speech_seconds";