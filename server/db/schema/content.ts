import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** Community reviews (SPEC "posts"). */
export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    stars: integer("stars").notNull(),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    hidden: boolean("hidden").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("posts_created_idx").on(t.createdAt), check("posts_stars_range", sql`${t.stars} between 1 and 5`)],
);

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  message: text("message").notNull(),
  type: text("type", { enum: ["Support", "Feedback", "General Inquiry", "Other"] }).notNull(),
  files: text("files").array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A file uploaded with the contact form (docs/decisions/022). Private: its bytes live in the
 * attachment store (DATA_DIR/private/contact/ on one machine), never under the public uploads. It
 * is unclaimed (`messageId` null) until a sent message takes it; unclaimed ones are deleted after
 * an hour. `clientAddress` and `bytes` serve the upload quotas.
 */
export const contactAttachments = pgTable(
  "contact_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id").references(() => contactMessages.id, { onDelete: "cascade" }),
    /** Its place among the message's attachments, from 1; null while unclaimed. */
    position: integer("position"),
    storageKey: text("storage_key").notNull(),
    ext: text("ext").notNull(),
    mime: text("mime").notNull(),
    bytes: integer("bytes").notNull(),
    clientAddress: text("client_address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_attachments_message_idx").on(t.messageId, t.position),
    index("contact_attachments_client_idx").on(t.clientAddress, t.createdAt),
    index("contact_attachments_created_idx").on(t.createdAt),
  ],
);

/** Who did what, and when, in the back office. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);
