CREATE TABLE "viral_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"project_id" integer,
	"topic" varchar(255) DEFAULT '' NOT NULL,
	"style" varchar(32) DEFAULT '' NOT NULL,
	"input" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"data" jsonb,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viral_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" varchar(8) NOT NULL,
	"title" varchar(128) DEFAULT '' NOT NULL,
	"link" varchar(2048) DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"step" varchar(64) DEFAULT '' NOT NULL,
	"fail_reason" varchar(255) DEFAULT '' NOT NULL,
	"extraction_id" integer,
	"file_id" integer,
	"transcript" text DEFAULT '' NOT NULL,
	"duration" real DEFAULT 0 NOT NULL,
	"report" jsonb,
	"job_key" varchar(64),
	"credits_held" integer DEFAULT 0 NOT NULL,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viral_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"topic" varchar(255) NOT NULL,
	"style" varchar(32) DEFAULT '' NOT NULL,
	"api" varchar(32) DEFAULT '' NOT NULL,
	"scenes" jsonb NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"work_id" integer,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "viral_copies" ADD CONSTRAINT "viral_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viral_projects" ADD CONSTRAINT "viral_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viral_runs" ADD CONSTRAINT "viral_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "viral_copies_user_idx" ON "viral_copies" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "viral_projects_user_idx" ON "viral_projects" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "viral_projects_status_idx" ON "viral_projects" USING btree ("status");--> statement-breakpoint
CREATE INDEX "viral_runs_user_idx" ON "viral_runs" USING btree ("user_id","id");