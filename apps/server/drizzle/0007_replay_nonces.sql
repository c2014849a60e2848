CREATE TABLE "request_nonces" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_nonces_expires_at_idx" ON "request_nonces" USING btree ("expires_at");