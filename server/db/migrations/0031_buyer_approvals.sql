-- Buyer approvals and spending limits (docs/decisions/055): each member's limits per order and per calendar
-- month and whether they approve; two order statuses, Awaiting approval (an order over its buyer's limit, which
-- holds no stock and is neither payable nor counted against credit) and Declined (with the approver's reason),
-- allowed for card and account terms alike; order_approvals records which limit and the decision, whose device
-- id makes a repeated decision count once; and the three mails of an approval.
CREATE TABLE "order_approvals" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"limit_kind" text NOT NULL,
	"limit_minor" bigint NOT NULL,
	"spent_minor" bigint DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"decided_by_id" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"decision_id" uuid,
	CONSTRAINT "order_approvals_limit_kind_check" CHECK ("order_approvals"."limit_kind" in ('order', 'month')),
	CONSTRAINT "order_approvals_decision_check" CHECK ("order_approvals"."decision" is null or "order_approvals"."decision" in ('approved', 'declined')),
	CONSTRAINT "order_approvals_decided_check" CHECK (("order_approvals"."decision" is null) = ("order_approvals"."decided_at" is null) and ("order_approvals"."decision" is null) = ("order_approvals"."decided_by_name" is null) and ("order_approvals"."decision" is null) = ("order_approvals"."decision_id" is null)),
	CONSTRAINT "order_approvals_decline_has_reason" CHECK (("order_approvals"."decision" = 'declined') = ("order_approvals"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_kind_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_fits_terms";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_has_transaction";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_has_invoice";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_held_or_refused_has_reason";--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "order_limit_minor" bigint;--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "monthly_limit_minor" bigint;--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "is_approver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_approvals_decision_key" ON "order_approvals" USING btree ("decision_id");--> statement-breakpoint
CREATE INDEX "order_approvals_waiting_idx" ON "order_approvals" USING btree ("company_id","requested_at") WHERE "order_approvals"."decision" is null;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_limits_check" CHECK (("company_members"."order_limit_minor" is null or "company_members"."order_limit_minor" > 0) and ("company_members"."monthly_limit_minor" is null or "company_members"."monthly_limit_minor" > 0));--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_kind_check" CHECK ("mail_queue"."kind" in ('order_placed', 'order_paid', 'order_shipped', 'order_paid_admin', 'order_on_hold_admin', 'order_released', 'order_refused', 'invoice_reminder', 'order_deposit_paid', 'order_deposit_paid_admin', 'order_approval_waiting', 'order_approved', 'order_declined', 'company_invitation', 'company_approved', 'company_rejected'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('Unpaid', 'Paid', 'Shipped', 'On hold', 'Confirmed', 'Refused', 'Awaiting approval', 'Declined'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_fits_terms" CHECK ("orders"."status" in ('Awaiting approval', 'Declined') or ("orders"."payment_terms" = 'card') = ("orders"."status" in ('Unpaid', 'Paid') or ("orders"."status" = 'Shipped' and "orders"."due_at" is null)));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_transaction" CHECK ("orders"."payment_terms" <> 'card' or "orders"."status" in ('Unpaid', 'Awaiting approval', 'Declined') or "orders"."transaction_id" is not null);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_invoice" CHECK ("orders"."status" in ('Unpaid', 'On hold', 'Confirmed', 'Refused', 'Awaiting approval', 'Declined') or ("orders"."invoice_year" is not null and "orders"."invoice_seq" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_held_or_refused_has_reason" CHECK (("orders"."status" in ('On hold', 'Refused', 'Declined')) = ("orders"."status_reason" is not null));