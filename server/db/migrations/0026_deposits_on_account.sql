-- Deposits on account (docs/decisions/047-deposits-on-account.md): a company's deposit percentage, what an order on
-- account owes by card before it ships, when that was paid and with which transaction, and the mails of a deposit
-- paid. Orders placed before carry none.
ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_kind_check";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "deposit_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_transaction_id" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_deposit_percent_check" CHECK ("companies"."deposit_percent" between 0 and 99);--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_kind_check" CHECK ("mail_queue"."kind" in ('order_placed', 'order_paid', 'order_shipped', 'order_paid_admin', 'order_on_hold_admin', 'order_released', 'order_refused', 'invoice_reminder', 'order_deposit_paid', 'order_deposit_paid_admin', 'company_invitation', 'company_approved', 'company_rejected'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_check" CHECK ("orders"."deposit_minor" >= 0 and "orders"."deposit_minor" <= "orders"."total_minor" and ("orders"."deposit_minor" = 0 or "orders"."payment_terms" <> 'card'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_paid_check" CHECK (("orders"."deposit_paid_at" is null) = ("orders"."deposit_transaction_id" is null) and ("orders"."deposit_paid_at" is null or "orders"."deposit_minor" > 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_before_shipping" CHECK ("orders"."status" <> 'Shipped' or "orders"."deposit_minor" = 0 or "orders"."deposit_paid_at" is not null);