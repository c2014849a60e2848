CREATE TABLE IF NOT EXISTS "talking_chunks" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_id" integer NOT NULL REFERENCES "works"("id") ON DELETE cascade,
	"position" smallint NOT NULL,
	"start_frame" integer NOT NULL,
	"frames" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"engine" varchar(16) DEFAULT '' NOT NULL,
	"render_job" varchar(64),
	"lease_until" timestamp with time zone,
	"progress" smallint DEFAULT 0 NOT NULL,
	"failures" smallint DEFAULT 0 NOT NULL,
	"clip_key" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "talking_chunks_work_position_idx" ON "talking_chunks" USING btree ("work_id","position");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "talking_chunks_engine_idx" ON "talking_chunks" USING btree ("engine","status");
