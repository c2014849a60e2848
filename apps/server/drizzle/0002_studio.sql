CREATE TABLE "avatars" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" varchar(64) NOT NULL,
	"source" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"fail_reason" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"source_key" varchar(512) NOT NULL,
	"source_name" varchar(255) DEFAULT '' NOT NULL,
	"mezzanine_key" varchar(512),
	"reversed_key" varchar(512),
	"cover_key" varchar(512),
	"cover_small_key" varchar(512),
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"duration" double precision DEFAULT 0 NOT NULL,
	"fps" integer DEFAULT 0 NOT NULL,
	"frame_count" integer DEFAULT 0 NOT NULL,
	"hs" smallint DEFAULT 2 NOT NULL,
	"engine_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stored_bytes" bigint DEFAULT 0 NOT NULL,
	"seed_key" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatars_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "video_channels" (
	"api" varchar(16) PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"version_name" varchar(32) DEFAULT '' NOT NULL,
	"credits" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "works" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"fail_reason" text DEFAULT '' NOT NULL,
	"channel" varchar(16) NOT NULL,
	"channel_name" varchar(64) NOT NULL,
	"avatar_id" integer NOT NULL,
	"hs" smallint DEFAULT 2 NOT NULL,
	"mode" varchar(8) NOT NULL,
	"voice_id" integer,
	"script" text DEFAULT '' NOT NULL,
	"audio_file_id" integer,
	"language" varchar(16) DEFAULT '' NOT NULL,
	"emotion" varchar(16) DEFAULT '' NOT NULL,
	"rate" real DEFAULT 1 NOT NULL,
	"volume" real DEFAULT 1 NOT NULL,
	"pitch" real DEFAULT 1 NOT NULL,
	"estimate_seconds" double precision NOT NULL,
	"credits_per_second" integer NOT NULL,
	"credits_held" integer NOT NULL,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"job_key" varchar(64) NOT NULL,
	"speech_key" varchar(512),
	"speech_seconds" double precision,
	"video_key" varchar(512),
	"cover_key" varchar(512),
	"duration" double precision DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"stored_bytes" bigint DEFAULT 0 NOT NULL,
	"is_multi" smallint DEFAULT 0 NOT NULL,
	"only_audio" smallint DEFAULT 0 NOT NULL,
	"photo_type" smallint DEFAULT 0 NOT NULL,
	"type" varchar(16) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "works_job_key_unique" UNIQUE("job_key")
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatars_user_idx" ON "avatars" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "avatars_public_idx" ON "avatars" USING btree ("hs","id") WHERE "avatars"."source" = 2;--> statement-breakpoint
CREATE INDEX "works_user_idx" ON "works" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "works_live_idx" ON "works" USING btree ("channel","status","id") WHERE "works"."status" in (1, 2);