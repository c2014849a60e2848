CREATE TABLE "price_items" (
	"kind" varchar(16) NOT NULL,
	"api" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"credits" integer NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_items_kind_api_pk" PRIMARY KEY("kind","api")
);
--> statement-breakpoint
ALTER TABLE "write_topics" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_inspiration_groups" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_inspiration_words" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_prompts" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "video_translate_channels" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;