CREATE TABLE "cart_reminder_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"came_back_at" timestamp with time zone,
	"order_id" uuid
);
--> statement-breakpoint
CREATE TABLE "cart_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"user_id" uuid,
	"email" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"items" jsonb,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_addresses" (
	"email" text PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cart_reminder_sends" ADD CONSTRAINT "cart_reminder_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminder_sends" ADD CONSTRAINT "cart_reminder_sends_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_reminder_sends_sent_idx" ON "cart_reminder_sends" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "cart_reminder_sends_email_idx" ON "cart_reminder_sends" USING btree ("email");--> statement-breakpoint
CREATE INDEX "cart_reminder_sends_user_idx" ON "cart_reminder_sends" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_token_idx" ON "cart_reminders" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_user_idx" ON "cart_reminders" USING btree ("user_id") WHERE "cart_reminders"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "cart_reminders_email_idx" ON "cart_reminders" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "cart_reminders_due_idx" ON "cart_reminders" USING btree ("touched_at") WHERE "cart_reminders"."reminded_at" is null;