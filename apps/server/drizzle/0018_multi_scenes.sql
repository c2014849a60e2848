CREATE TABLE "multi_scenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"type" varchar(8) NOT NULL,
	"avatar_id" integer,
	"voice_id" integer,
	"file_id" integer,
	"script" text DEFAULT '' NOT NULL,
	"rate" real DEFAULT 1 NOT NULL,
	"volume" real DEFAULT 1 NOT NULL,
	"pitch" real DEFAULT 1 NOT NULL,
	"estimate_seconds" double precision DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"fail_reason" text DEFAULT '' NOT NULL,
	"clip_key" varchar(512),
	"cover_key" varchar(512),
	"duration" double precision DEFAULT 0 NOT NULL,
	"format" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "multi_scenes" ADD CONSTRAINT "multi_scenes_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "multi_scenes_work_position_idx" ON "multi_scenes" USING btree ("work_id","position");--> statement-breakpoint
CREATE INDEX "multi_scenes_status_idx" ON "multi_scenes" USING btree ("status");