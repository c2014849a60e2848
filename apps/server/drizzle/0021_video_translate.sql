CREATE TABLE "video_translate_channels" (
	"mode" smallint PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"credits" integer NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL
);
