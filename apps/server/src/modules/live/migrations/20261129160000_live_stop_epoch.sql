ALTER TABLE "live_sessions" ADD COLUMN "stop_epoch" integer DEFAULT 0 NOT NULL;
