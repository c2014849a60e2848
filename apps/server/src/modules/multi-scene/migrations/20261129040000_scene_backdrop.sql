ALTER TABLE "multi_scenes" ADD COLUMN IF NOT EXISTS "backdrop" jsonb;
