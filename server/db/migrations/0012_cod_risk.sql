CREATE TABLE "customer_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_blocks_value_not_empty" CHECK ("customer_blocks"."value" <> '')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "customer_blocks" ADD CONSTRAINT "customer_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_blocks_kind_value_key" ON "customer_blocks" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "orders_phone_key_idx" ON "orders" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "orders_email_idx" ON "orders" USING btree ("email");--> statement-breakpoint
-- Orders placed before this migration get the phone key core/contact-keys.ts would give them
-- (the checkout only ever accepted Latin digits, spaces, dashes and a leading "+").
UPDATE "orders" AS o SET "phone_key" = k.key
  FROM (
    SELECT id,
      CASE
        WHEN plus OR digits LIKE '00%' OR (length(digits) = 12 AND digits LIKE '201%') THEN
          CASE
            WHEN intl LIKE '20%' THEN '0' || regexp_replace(substr(intl, 3), '^0+', '')
            ELSE '+' || intl
          END
        WHEN length(digits) = 10 AND digits LIKE '1%' THEN '0' || digits
        ELSE digits
      END AS key
    FROM (
      SELECT id, digits, plus,
        CASE WHEN NOT plus AND digits LIKE '00%' THEN substr(digits, 3) ELSE digits END AS intl
      FROM (
        SELECT id, regexp_replace("phone", '\D', '', 'g') AS digits, btrim("phone") LIKE '+%' AS plus FROM "orders"
      ) AS raw
    ) AS parts
  ) AS k
  WHERE k.id = o.id;
