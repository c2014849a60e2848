ALTER TABLE "multi_scenes" ADD COLUMN "backdrop" jsonb;
