-- Tax per ship-to place (docs/decisions/046-tax-per-ship-to-location.md): the shop's tax rates per country or
-- region, each location's country and region (a location made before is in its company's country, the whole
-- of it), a company's exemption under the reverse charge, and the tax an order carries in its gross total.
-- Orders placed before carry none.
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"rate_micros" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_micros" between 0 and 1000000),
	CONSTRAINT "tax_rates_country_check" CHECK ("tax_rates"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_rates_region_check" CHECK ("tax_rates"."region" ~ '^[A-Z0-9]{0,3}$')
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_locations" ADD COLUMN "country" text;--> statement-breakpoint
UPDATE "company_locations" SET "country" = "companies"."country" FROM "companies" WHERE "companies"."id" = "company_locations"."company_id";--> statement-breakpoint
ALTER TABLE "company_locations" ALTER COLUMN "country" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_locations" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_micros" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_place_key" ON "tax_rates" USING btree ("country","region");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tax_exempt_check" CHECK (not "companies"."tax_exempt" or "companies"."tax_number" is not null);--> statement-breakpoint
ALTER TABLE "company_locations" ADD CONSTRAINT "company_locations_country_check" CHECK ("company_locations"."country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "company_locations" ADD CONSTRAINT "company_locations_region_check" CHECK ("company_locations"."region" ~ '^[A-Z0-9]{0,3}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_check" CHECK ("orders"."tax_minor" >= 0 and "orders"."tax_minor" <= "orders"."total_minor" and (not "orders"."reverse_charge" or "orders"."tax_minor" = 0));