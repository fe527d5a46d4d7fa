-- A deposit paid by bank transfer (docs/decisions/047-deposits-on-account.md): its reference, as an admin recorded it,
-- stands for a card payment's transaction id.
ALTER TABLE "orders" DROP CONSTRAINT "orders_deposit_paid_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_paid_check" CHECK (("orders"."deposit_paid_at" is null) = ("orders"."deposit_transaction_id" is null and "orders"."deposit_reference" is null) and ("orders"."deposit_paid_at" is null or "orders"."deposit_minor" > 0));