-- One card payment of several invoices on account, from the dealer's invoice portal (docs/decisions/044-orders-on-account.md):
-- the orders it settles, their sum in cents, the intent bound to this row's id, and whether it is pending, paid or
-- replaced by a newer payment of the same invoices.
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"company_id" uuid,
	"order_ids" uuid[] NOT NULL,
	"amount" bigint NOT NULL,
	"intent_id" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoice_payments_state_check" CHECK ("invoice_payments"."state" in ('pending', 'paid', 'canceled')),
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount" > 0),
	CONSTRAINT "invoice_payments_orders_check" CHECK (cardinality("invoice_payments"."order_ids") between 1 and 50),
	CONSTRAINT "invoice_payments_paid_check" CHECK (("invoice_payments"."state" = 'paid') = ("invoice_payments"."paid_at" is not null and "invoice_payments"."transaction_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_user_idx" ON "invoice_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_payments_pending_orders_idx" ON "invoice_payments" USING gin ("order_ids") WHERE "invoice_payments"."state" = 'pending';