CREATE TABLE "demo_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_id" integer NOT NULL,
	"text" varchar(200) NOT NULL,
	"hidden" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_cards" ADD CONSTRAINT "demo_cards_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;
