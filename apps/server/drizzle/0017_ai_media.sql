CREATE TABLE "ai_inspiration_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"is_multi" smallint DEFAULT 1 NOT NULL,
	"seed_key" varchar(64),
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_inspiration_groups_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "ai_inspiration_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"demo_key" varchar(512) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_media_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"type" varchar(8) DEFAULT 'text' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"channel" varchar(32) NOT NULL,
	"engine" varchar(64) NOT NULL,
	"engine_task_id" varchar(128) DEFAULT '' NOT NULL,
	"render_job" varchar(64),
	"lease_until" timestamp with time zone,
	"progress" integer DEFAULT 0 NOT NULL,
	"params" jsonb NOT NULL,
	"result_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover_key" varchar(512) DEFAULT '' NOT NULL,
	"duration" double precision DEFAULT 0 NOT NULL,
	"fail_reason" varchar(255) DEFAULT '' NOT NULL,
	"credits_held" integer DEFAULT 0 NOT NULL,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"stored_bytes" bigint DEFAULT 0 NOT NULL,
	"job_key" varchar(64) NOT NULL,
	"submission" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ai_media_records_job_key_unique" UNIQUE("job_key")
);
--> statement-breakpoint
CREATE TABLE "ai_prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"title" varchar(64) NOT NULL,
	"content" text NOT NULL,
	"image_key" varchar(512) DEFAULT '' NOT NULL,
	"image_tail_key" varchar(512) DEFAULT '' NOT NULL,
	"alt" varchar(128) DEFAULT '' NOT NULL,
	"seed_key" varchar(64),
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_prompts_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "ai_user_prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(64) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"name" varchar(64) NOT NULL,
	"graph" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_workflows_kind_unique" UNIQUE("kind")
);
--> statement-breakpoint
ALTER TABLE "ai_inspiration_words" ADD CONSTRAINT "ai_inspiration_words_group_id_ai_inspiration_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."ai_inspiration_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_media_records" ADD CONSTRAINT "ai_media_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_user_prompts" ADD CONSTRAINT "ai_user_prompts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_media_records_user_idx" ON "ai_media_records" USING btree ("user_id","kind","type","created_at");--> statement-breakpoint
CREATE INDEX "ai_media_records_engine_idx" ON "ai_media_records" USING btree ("engine","status","created_at");--> statement-breakpoint
CREATE INDEX "ai_user_prompts_user_idx" ON "ai_user_prompts" USING btree ("user_id");