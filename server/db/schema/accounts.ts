import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    /** Stored lower-cased; unique among accounts. */
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    profileImage: text("profile_image"),
    role: text("role", { enum: ["user", "moderator", "admin"] })
      .notNull()
      .default("user"),
    /** Absent for accounts created through the identity provider. */
    passwordHash: text("password_hash"),
    googleSub: text("google_sub"),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    bannedAt: timestamp("banned_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * Wrong passwords to this account from every address, each within 15 minutes of the last: past the
     * account-wide ceiling only addresses that signed in to it before may still try (decision 060).
     */
    failedLogins: integer("failed_logins").notNull().default(0),
    lastFailedLoginAt: timestamp("last_failed_login_at", { withTimezone: true }),
    lang: text("lang", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    theme: text("theme", { enum: ["light", "dark"] })
      .notNull()
      .default("light"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_google_sub_key").on(t.googleSub),
    index("users_created_at_idx").on(t.createdAt),
    index("users_search_trgm_idx").using(
      "gin",
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || ${t.phone}) gin_trgm_ops`,
    ),
  ],
);

/** Opaque session tokens; only their SHA-256 is stored, so a database leak opens no session. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** One-time 6-digit codes for activation and password reset, stored hashed. */
export const accountCodes = pgTable(
  "account_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["activation", "reset"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_codes_user_purpose_idx").on(t.userId, t.purpose)],
);

/**
 * Wrong passwords per account AND client address (decision 060): five in a row lock that address
 * out of that account for 15 minutes, so a stranger cannot lock the owner out from elsewhere.
 * `last_success_at` marks an address the owner has signed in from (exempt from the account ceiling).
 */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientKey: text("client_key").notNull(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientKey] })],
);

/** Server-side secrets shared by every process on this database (e.g. the key of the code HMAC). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
