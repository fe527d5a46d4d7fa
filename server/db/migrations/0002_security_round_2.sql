CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_intents" (
	"intent_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_intents_status_check" CHECK ("sandbox_intents"."status" in ('succeeded', 'canceled'))
);
--> statement-breakpoint
DROP INDEX "orders_user_email_idx";--> statement-breakpoint
DROP INDEX "orders_user_client_order_key";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_user_id_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'Unpaid';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_client_order_key" ON "orders" USING btree ("user_id","client_order_id");