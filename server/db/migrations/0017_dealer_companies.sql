-- Dealer companies (docs/decisions/040-dealer-companies.md): a company, its locations (one of them the default)
-- and its members, each a company admin or a buyer; a user belongs to one company at most. Every customer
-- already registered becomes the company admin of an approved company of one, named after them (their name,
-- else their e-mail), in the United States (accounts hold no country yet), with their saved delivery
-- address as its default location when their profile has one. Admins get no company.
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"tax_number" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_status_check" CHECK ("companies"."status" in ('applied', 'approved', 'rejected', 'suspended')),
	CONSTRAINT "companies_country_check" CHECK ("companies"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "company_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"phone" text NOT NULL,
	"contact_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"can_see_all_orders" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role_check" CHECK ("company_members"."role" in ('company_admin', 'buyer'))
);
--> statement-breakpoint
ALTER TABLE "company_locations" ADD CONSTRAINT "company_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_locations_company_idx" ON "company_locations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_locations_one_default_key" ON "company_locations" USING btree ("company_id") WHERE "company_locations"."is_default";--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id");--> statement-breakpoint
WITH made AS (
  SELECT u."id" AS user_id, gen_random_uuid() AS company_id,
         left(coalesce(nullif(btrim(u."display_name"), ''), u."email"), 120) AS name,
         btrim(u."address") AS address, btrim(u."phone") AS phone
    FROM "users" u
   WHERE u."role" = 'customer'
), companies_made AS (
  INSERT INTO "companies" ("id", "name", "country", "status") SELECT company_id, name, 'US', 'approved' FROM made
), members_made AS (
  INSERT INTO "company_members" ("user_id", "company_id", "role") SELECT user_id, company_id, 'company_admin' FROM made
)
INSERT INTO "company_locations" ("company_id", "name", "address", "phone", "contact_name", "is_default")
SELECT company_id, 'Main address', left(address, 500), left(phone, 40), name, true FROM made WHERE address <> '';
