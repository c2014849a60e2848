CREATE TABLE "analyse_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"source_type" smallint DEFAULT 1 NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"source_file_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"fail_reason" varchar(255) DEFAULT '' NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"file_id" integer,
	"cover_key" varchar(512) DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"duration" double precision DEFAULT 0 NOT NULL,
	"resolver" varchar(32) DEFAULT '' NOT NULL,
	"free" smallint DEFAULT 0 NOT NULL,
	"credits_held" integer DEFAULT 0 NOT NULL,
	"credits_charged" integer DEFAULT 0 NOT NULL,
	"job_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "analyse_records_job_key_unique" UNIQUE("job_key")
);
--> statement-breakpoint
ALTER TABLE "analyse_records" ADD CONSTRAINT "analyse_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyse_records" ADD CONSTRAINT "analyse_records_source_file_id_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyse_records" ADD CONSTRAINT "analyse_records_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyse_records_user_kind_idx" ON "analyse_records" USING btree ("user_id","kind","created_at");