CREATE TABLE "photo_channels" (
	"api" varchar(16) PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"desc" text DEFAULT '' NOT NULL,
	"version_name" varchar(32) DEFAULT '' NOT NULL,
	"credits" integer NOT NULL,
	"tips" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"type" smallint NOT NULL,
	"source" smallint NOT NULL,
	"name" varchar(64) NOT NULL,
	"file_id" integer,
	"image_key" varchar(512) NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"seed_key" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_user_idx" ON "photos" USING btree ("user_id","type","id");--> statement-breakpoint
CREATE INDEX "photos_public_idx" ON "photos" USING btree ("type","id") WHERE "photos"."source" = 2;