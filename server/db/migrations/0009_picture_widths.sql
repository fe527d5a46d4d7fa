CREATE TABLE "image_widths" (
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_widths_hash_width_pk" PRIMARY KEY("hash","width"),
	CONSTRAINT "image_widths_width_check" CHECK ("image_widths"."width" > 0)
);
--> statement-breakpoint
ALTER TABLE "image_widths" ADD CONSTRAINT "image_widths_hash_images_hash_fk" FOREIGN KEY ("hash") REFERENCES "public"."images"("hash") ON DELETE cascade ON UPDATE no action;