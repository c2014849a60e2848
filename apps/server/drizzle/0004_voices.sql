CREATE TABLE "voice_auditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"voice_id" integer NOT NULL,
	"text" text NOT NULL,
	"rate" real DEFAULT 1 NOT NULL,
	"volume" real DEFAULT 1 NOT NULL,
	"pitch" real DEFAULT 1 NOT NULL,
	"language" varchar(16) DEFAULT '' NOT NULL,
	"emotion" varchar(16) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"file_id" integer,
	"duration" real DEFAULT 0 NOT NULL,
	"fail_reason" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_channels" (
	"api" varchar(16) PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version_name" varchar(16) DEFAULT '' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"free_times" integer DEFAULT 0 NOT NULL,
	"train_times" integer DEFAULT 0 NOT NULL,
	"upload_tips" varchar(255) DEFAULT '' NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_trainings" (
	"id" serial PRIMARY KEY NOT NULL,
	"voice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"api" varchar(16) NOT NULL,
	"file_id" integer,
	"job_key" varchar(64) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"free" smallint DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"retrain" smallint DEFAULT 0 NOT NULL,
	"fail_reason" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "voice_trainings_job_key_unique" UNIQUE("job_key")
);
--> statement-breakpoint
CREATE TABLE "voices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"source" smallint DEFAULT 1 NOT NULL,
	"name" varchar(64) NOT NULL,
	"api" varchar(16) NOT NULL,
	"voice_channel_name" varchar(64) DEFAULT '' NOT NULL,
	"version_name" varchar(16) DEFAULT '' NOT NULL,
	"generate_status" smallint DEFAULT 1 NOT NULL,
	"fail_reason" varchar(255) DEFAULT '' NOT NULL,
	"remained_times" integer DEFAULT 0 NOT NULL,
	"rate" real DEFAULT 1 NOT NULL,
	"volume" real DEFAULT 1 NOT NULL,
	"pitch" real DEFAULT 1 NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"is_confirmed" smallint DEFAULT 0 NOT NULL,
	"sample_file_id" integer,
	"preview_key" varchar(512) DEFAULT '' NOT NULL,
	"voice_ref" text DEFAULT '' NOT NULL,
	"prompt_text" text DEFAULT '' NOT NULL,
	"profile" jsonb,
	"seed_key" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_auditions" ADD CONSTRAINT "voice_auditions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_auditions" ADD CONSTRAINT "voice_auditions_voice_id_voices_id_fk" FOREIGN KEY ("voice_id") REFERENCES "public"."voices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_auditions" ADD CONSTRAINT "voice_auditions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_trainings" ADD CONSTRAINT "voice_trainings_voice_id_voices_id_fk" FOREIGN KEY ("voice_id") REFERENCES "public"."voices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_trainings" ADD CONSTRAINT "voice_trainings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_trainings" ADD CONSTRAINT "voice_trainings_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_sample_file_id_files_id_fk" FOREIGN KEY ("sample_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_auditions_user_time_idx" ON "voice_auditions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "voice_trainings_user_api_idx" ON "voice_trainings" USING btree ("user_id","api");--> statement-breakpoint
CREATE INDEX "voices_user_idx" ON "voices" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "voices_source_idx" ON "voices" USING btree ("source","id");--> statement-breakpoint
CREATE UNIQUE INDEX "voices_seed_key_idx" ON "voices" USING btree ("seed_key");