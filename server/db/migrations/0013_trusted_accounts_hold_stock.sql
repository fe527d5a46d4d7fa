-- Only accounts the shop trusts hold stock with unpaid orders (docs/decisions/027): an account is trusted
-- from its first payment or from an admin's approval as a dealer. Accounts that have paid before are trusted
-- from their first payment; orders already placed keep the stock they hold (holds_stock defaults to true).
-- The sandbox processor learns "authorized", the state of a card approved but not yet charged.
ALTER TABLE "sandbox_intents" DROP CONSTRAINT "sandbox_intents_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "holds_stock" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trusted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD CONSTRAINT "sandbox_intents_status_check" CHECK ("sandbox_intents"."status" in ('authorized', 'succeeded', 'canceled'));--> statement-breakpoint
UPDATE users u SET trusted_at = paid.first_paid_at
  FROM (SELECT user_id, min(coalesce(paid_at, created_at)) AS first_paid_at FROM orders
         WHERE status IN ('Paid', 'Shipped') AND user_id IS NOT NULL GROUP BY user_id) paid
 WHERE paid.user_id = u.id;
