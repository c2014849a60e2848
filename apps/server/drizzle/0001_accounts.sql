CREATE TABLE "account_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"username" varchar(64) DEFAULT '' NOT NULL,
	"ip" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"credits" integer NOT NULL,
	"credits_left" integer NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone,
	"action_name" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_batches_left_range" CHECK ("credit_batches"."credits_left" >= 0 and "credit_batches"."credits_left" <= "credit_batches"."credits")
);
--> statement-breakpoint
CREATE TABLE "credit_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"action_name" varchar(64) NOT NULL,
	"credits" integer NOT NULL,
	"job_key" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_key" varchar(128) NOT NULL,
	"user_id" integer NOT NULL,
	"action_name" varchar(64) NOT NULL,
	"held" integer NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'held' NOT NULL,
	"sources" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "credit_reservations_job_key_unique" UNIQUE("job_key")
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"credits" integer NOT NULL,
	"credit_days" integer NOT NULL,
	"vip_days" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"note" varchar(32) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_by" integer,
	"used_at" timestamp with time zone,
	CONSTRAINT "redeem_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" varchar(500) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_marks" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_texts" (
	"key" varchar(32) PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_batches" ADD CONSTRAINT "credit_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_logs" ADD CONSTRAINT "credit_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_attempts_username_idx" ON "account_attempts" USING btree ("kind","username","created_at");--> statement-breakpoint
CREATE INDEX "account_attempts_ip_idx" ON "account_attempts" USING btree ("kind","ip","created_at");--> statement-breakpoint
CREATE INDEX "account_attempts_created_idx" ON "account_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "credit_batches_live_idx" ON "credit_batches" USING btree ("user_id","expire_at") WHERE "credit_batches"."expired_at" is null;--> statement-breakpoint
CREATE INDEX "credit_batches_due_idx" ON "credit_batches" USING btree ("expire_at") WHERE "credit_batches"."expired_at" is null;--> statement-breakpoint
CREATE INDEX "credit_logs_user_idx" ON "credit_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_reservations_user_idx" ON "credit_reservations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "redeem_codes_note_idx" ON "redeem_codes" USING btree ("note");