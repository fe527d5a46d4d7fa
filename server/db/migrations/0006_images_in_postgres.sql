CREATE TABLE "images" (
	"hash" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_hash_check" CHECK ("images"."hash" ~ '^[a-f0-9]{64}$')
);
