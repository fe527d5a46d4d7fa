-- Quotes (docs/decisions/058-quotes.md): a dealer's request for prices on a list of tools (its lines as JSON, fixed when
-- asked for, with the dealer's own unit price then), the shop's price per line until a last day to accept, and the thread
-- of messages both sides write. Numbered Q-<year>-<running number> as orders are; a request sent twice is one quote.
CREATE SEQUENCE "public"."quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "quote_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"side" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_messages_side_check" CHECK ("quote_messages"."side" in ('dealer', 'shop')),
	CONSTRAINT "quote_messages_body_check" CHECK (char_length("quote_messages"."body") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text DEFAULT ('Q' || substr(format_order_number(now(), nextval('quote_number_seq')), 2)) NOT NULL,
	"client_quote_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"company_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"expires_on" text,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('requested', 'quoted', 'accepted', 'declined')),
	CONSTRAINT "quotes_expires_on_check" CHECK ("quotes"."expires_on" is null or "quotes"."expires_on" ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "quotes_quoted_has_expiry" CHECK ("quotes"."status" = 'requested' or "quotes"."status" = 'declined' or "quotes"."expires_on" is not null),
	CONSTRAINT "quotes_lines_check" CHECK (case when jsonb_typeof("quotes"."lines") = 'array' then jsonb_array_length("quotes"."lines") between 1 and 1000 else false end)
);
--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_messages_quote_idx" ON "quote_messages" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_key" ON "quotes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_client_key" ON "quotes" USING btree ("user_id","client_quote_id");--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","created_at");