-- Orders on account (docs/decisions/044-orders-on-account.md): a company's payment terms, credit limit and
-- purchase-order rule; an order's PO number, the terms it was placed on, why it is on hold or refused, when its
-- invoice is due and the bank transfer that paid it. Card orders keep Unpaid -> Paid -> Shipped.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_has_transaction";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_has_invoice";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_terms" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "po_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
CREATE INDEX "orders_account_open_idx" ON "orders" USING btree ("company_id") WHERE "orders"."payment_terms" <> 'card' and "orders"."paid_at" is null;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_payment_terms_check" CHECK ("companies"."payment_terms" in ('card', 'net15', 'net30', 'net60'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_limit_check" CHECK ("companies"."credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_fits_terms" CHECK (("orders"."payment_terms" = 'card') = ("orders"."status" in ('Unpaid', 'Paid') or ("orders"."status" = 'Shipped' and "orders"."due_at" is null)));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_held_or_refused_has_reason" CHECK (("orders"."status" in ('On hold', 'Refused')) = ("orders"."status_reason" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_paid_has_reference" CHECK ("orders"."payment_terms" = 'card' or "orders"."paid_at" is null or "orders"."transaction_id" is not null or "orders"."payment_reference" is not null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('Unpaid', 'Paid', 'Shipped', 'On hold', 'Confirmed', 'Refused'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_transaction" CHECK ("orders"."payment_terms" <> 'card' or "orders"."status" = 'Unpaid' or "orders"."transaction_id" is not null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_invoice" CHECK ("orders"."status" in ('Unpaid', 'On hold', 'Confirmed', 'Refused') or ("orders"."invoice_year" is not null and "orders"."invoice_seq" is not null));