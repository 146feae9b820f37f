CREATE TABLE "contact_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid,
	"position" integer,
	"storage_key" text NOT NULL,
	"ext" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"client_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_attachments" ADD CONSTRAINT "contact_attachments_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_attachments_message_idx" ON "contact_attachments" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "contact_attachments_client_idx" ON "contact_attachments" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE INDEX "contact_attachments_created_idx" ON "contact_attachments" USING btree ("created_at");