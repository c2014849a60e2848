CREATE TABLE "api_webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"url" varchar(2048) NOT NULL,
	"events" jsonb NOT NULL,
	"secret" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"work_id" integer NOT NULL,
	"event_type" varchar(64) NOT NULL,
	"event_data" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_webhook_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"http_status" smallint,
	"error" varchar(255),
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_videos" ADD COLUMN "announced_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "api_videos" SET "announced_at" = now();
--> statement-breakpoint
ALTER TABLE "api_webhook_endpoints" ADD CONSTRAINT "api_webhook_endpoints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_webhook_deliveries" ADD CONSTRAINT "api_webhook_deliveries_endpoint_id_api_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."api_webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_webhook_deliveries" ADD CONSTRAINT "api_webhook_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "api_webhook_attempts" ADD CONSTRAINT "api_webhook_attempts_delivery_id_api_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."api_webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "api_webhook_endpoints_user_idx" ON "api_webhook_endpoints" USING btree ("user_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "api_webhook_deliveries_event_idx" ON "api_webhook_deliveries" USING btree ("endpoint_id","work_id","event_type");
--> statement-breakpoint
CREATE INDEX "api_webhook_deliveries_user_idx" ON "api_webhook_deliveries" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "api_webhook_deliveries_due_idx" ON "api_webhook_deliveries" USING btree ("status","next_attempt_at");
--> statement-breakpoint
CREATE INDEX "api_webhook_attempts_delivery_idx" ON "api_webhook_attempts" USING btree ("delivery_id","id");
--> statement-breakpoint
CREATE INDEX "api_videos_unannounced_idx" ON "api_videos" USING btree ("created_at") WHERE "api_videos"."announced_at" is null;
