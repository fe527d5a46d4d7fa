-- Saved lists (docs/decisions/054-saved-lists.md): a company's named lists of tools and quantities ("Weekly restock"), which
-- its members and sales reps turn into an order pad. One row per list, its lines as JSON (1 to 1,000, with each tool's name
-- and SKU as saved); the id comes from the app, so a save sent twice changes nothing; names are unique per company in any case.
CREATE TABLE "saved_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid,
	"updated_by_name" text NOT NULL,
	CONSTRAINT "saved_lists_name_check" CHECK (char_length("saved_lists"."name") between 1 and 80),
	CONSTRAINT "saved_lists_lines_check" CHECK (case when jsonb_typeof("saved_lists"."lines") = 'array' then jsonb_array_length("saved_lists"."lines") between 1 and 1000 else false end)
);
--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_lists_name_key" ON "saved_lists" USING btree ("company_id",lower("name"));