-- The mails of orders on account (docs/decisions/044-orders-on-account.md): an order on hold to the admins, its
-- release or refusal to the dealer, and the reminder of an unpaid invoice.
ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_kind_check";--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_kind_check" CHECK ("mail_queue"."kind" in ('order_placed', 'order_paid', 'order_shipped', 'order_paid_admin', 'order_on_hold_admin', 'order_released', 'order_refused', 'invoice_reminder', 'company_invitation', 'company_approved', 'company_rejected'));