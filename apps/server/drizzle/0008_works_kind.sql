ALTER TABLE "works" ADD COLUMN "kind" varchar(16) DEFAULT 'talking' NOT NULL;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;