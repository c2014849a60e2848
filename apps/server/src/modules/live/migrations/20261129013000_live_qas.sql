CREATE TABLE "live_qas" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_fallbacks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"answer" varchar(500) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_qas" ADD CONSTRAINT "live_qas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "live_fallbacks" ADD CONSTRAINT "live_fallbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "live_qas_user_idx" ON "live_qas" USING btree ("user_id","id");
