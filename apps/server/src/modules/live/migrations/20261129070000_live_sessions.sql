CREATE TABLE "live_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"avatar_id" integer NOT NULL,
	"voice_id" integer NOT NULL,
	"source" smallint NOT NULL,
	"persona" text DEFAULT '' NOT NULL,
	"greeting" varchar(200) DEFAULT '' NOT NULL,
	"embed_key" varchar(64),
	"embed_enabled" boolean DEFAULT false NOT NULL,
	"embed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_configs_embed_key_unique" UNIQUE("embed_key")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"config_id" integer NOT NULL,
	"via" varchar(8) NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"price_per_minute" integer NOT NULL,
	"max_minutes" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL,
	"minutes_charged" integer DEFAULT 1 NOT NULL,
	"answered_minute" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" varchar(8),
	"credits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_configs" ADD CONSTRAINT "live_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "live_configs_user_idx" ON "live_configs" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "live_sessions_open_idx" ON "live_sessions" USING btree ("status","last_beat_at");
--> statement-breakpoint
CREATE INDEX "live_sessions_user_idx" ON "live_sessions" USING btree ("user_id","status");
--> statement-breakpoint
CREATE INDEX "live_sessions_config_idx" ON "live_sessions" USING btree ("config_id","status");
--> statement-breakpoint
CREATE TABLE "live_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"question" varchar(500) NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"source" varchar(10) NOT NULL,
	"qa_id" integer,
	"status" varchar(8) DEFAULT 'open' NOT NULL,
	"job_key" varchar(80),
	"credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_answers" ADD CONSTRAINT "live_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "live_answers_session_idx" ON "live_answers" USING btree ("session_id","id");
--> statement-breakpoint
CREATE INDEX "live_answers_open_idx" ON "live_answers" USING btree ("status","created_at");
