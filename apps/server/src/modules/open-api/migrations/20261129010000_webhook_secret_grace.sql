ALTER TABLE "api_webhook_endpoints" ADD COLUMN "previous_secret" varchar(64);--> statement-breakpoint
ALTER TABLE "api_webhook_endpoints" ADD COLUMN "previous_secret_until" timestamp with time zone;
