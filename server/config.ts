import { z } from "zod";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { trimTrailingSlashes } from "@core/trim-slashes";
import type { S3Settings } from "./storage/s3-store";

/** The environment, parsed once. Every setting of DESIGN.md §3 lives here and nowhere else. */
const booleanString = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

/**
 * Render threads when RENDER_THREADS is unset (decision 406): one on PostgreSQL when a second core
 * can run it beside the main thread. None on one core, where it would only take turns with the
 * main thread, and none on the embedded database, whose process holds PostgreSQL itself within the
 * same 300 MB: a thread's 30–45 MB took `npm start` to 288–302 MB after browsing every page.
 */
export const defaultRenderThreads = (cores: number, embedded: boolean) => (cores > 1 && !embedded ? 1 : 0);

/**
 * Pages in flight when SSR_CONCURRENCY is unset: two for the main thread (decisions 366, 394: more
 * only interleave on one thread and stretch the slowest page), and two more for each render thread,
 * which renders while the main thread runs the next pages' loaders: with two in all, one of the two
 * stood idle while the other worked (decision 406: the mix 449 → 512 a second, alternating runs).
 */
export const pagesInFlight = (renderThreads: number) => 2 * (1 + renderThreads);

/** An amount in EGP: at most two decimals (piastres), not negative, below a million. */
const egpAmount = z.coerce
  .number()
  .min(0)
  .max(1_000_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "at most two decimals (piastres)");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** The shop's own address; required in production, else http://localhost:PORT (see loadConfig). */
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /**
   * Which proxies may say who the client is (X-Forwarded-For/-Proto/-Host). Unset: none, the
   * socket's address is the client. A hop count ("1" behind one load balancer) or a comma list of
   * proxy addresses/CIDRs. "true" is refused: it lets every caller choose its own address.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = v?.trim();
      if (!value) return false as const;
      if (/^\d+$/.test(value)) return Number(value);
      const list = value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const valid = (entry: string) => {
        if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
        const [address, bits, ...rest] = entry.split("/");
        const family = net.isIP(address ?? "");
        if (!family || rest.length) return false;
        if (bits === undefined) return true;
        return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
      };
      const wrong = list.filter((e) => !valid(e));
      if (!list.length || wrong.length) {
        ctx.addIssue({
          code: "custom",
          message: `expected a hop count or proxy addresses/CIDRs, got "${wrong.join(", ") || value}"`,
        });
        return z.NEVER;
      }
      return list;
    }),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  DATA_DIR: z.string().default("./data"),
  ADMIN_EMAIL: z
    .string()
    .email()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(8)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SEED_DEMO: booleanString,
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /**
   * An HTTP SMS gateway (docs/decisions/251): each message is POSTed as JSON { to, text }. The
   * provider's credentials may sit in the URL (user:password@ becomes Basic auth) or in SMS_TOKEN
   * (a Bearer token). Unset: each message is written to DATA_DIR/outbox/*.sms.txt and logged.
   */
  SMS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Cash-on-delivery orders await the customer's code (or staff's call) before shipping; `off`: they do not. */
  COD_CONFIRMATION: z.enum(["code", "off"]).default("code"),
  /** An unconfirmed cash-on-delivery order is cancelled this many hours after it was placed. */
  COD_CONFIRM_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(48),
  /**
   * Cash-on-delivery limits (issue 16, docs/decisions/292). Amounts are in EGP, as the shop owner
   * thinks of them (decimals allowed, kept to the piastre); the server converts them to piastres.
   * COD_MAX_TOTAL: an order total (with shipping and the COD fee) above it cannot be paid in cash; unset: no limit.
   */
  COD_MAX_TOTAL: z.preprocess((v) => (v === "" ? undefined : v), egpAmount.optional()),
  /** A fee added to every cash-on-delivery order, shown as its own line (EGP; 0: none). */
  COD_FEE: egpAmount.default(0),
  /** Unconfirmed cash-on-delivery orders allowed at once per phone, e-mail or account. */
  COD_OPEN_LIMIT: z.coerce.number().int().min(1).max(100).default(3),
  /** Customers with this many refusals at the door (or more) are flagged in All Orders. */
  COD_REFUSAL_LIMIT: z.coerce.number().int().min(1).max(100).default(2),
  /** A cart left untouched this many hours gets one reminder e-mail (issue 16, docs/decisions/300). */
  CART_REMINDER_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  /** Due carts are looked for in slots this long (s): a reminder goes out within one slot of being due. */
  CART_REMINDER_SCAN_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** How often an idle job worker looks for due jobs (ms). */
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  /** The first retry of a failed job waits this long (ms); each further retry waits twice as long. */
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  MAIL_FROM: z.string().default("Azya <no-reply@azya.eg>"),
  SHOP_EMAIL: z.string().email().default("hello@azya.eg"),
  SHOP_PHONE: z.string().default("+20 100 000 0000"),
  SOCIAL_FACEBOOK: z.string().url().default("https://facebook.com/azya.eg"),
  SOCIAL_INSTAGRAM: z.string().url().default("https://instagram.com/azya.eg"),
  REDIS_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /**
   * The channel on which processes sharing a database tell each other of catalogue changes
   * (PostgreSQL NOTIFY, or Redis with REDIS_URL: server/events-bridge.ts). Shops sharing one Redis
   * need one each.
   */
  EVENTS_CHANNEL: z
    .string()
    .max(60)
    .regex(/^[a-z][a-z0-9_]*$/, "lower-case letters, digits and _")
    .default("azya_events"),
  /** Bearer token that opens GET /metrics; without it /metrics does not exist (decision 263). */
  METRICS_TOKEN: z
    .string()
    .max(256)
    .min(16)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  GOOGLE_CLIENT_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Where Google's signing keys are read; a test points it at a local key set. */
  GOOGLE_JWKS_URL: z.string().url().default("https://www.googleapis.com/oauth2/v3/certs"),
  PAYMOB_API_URL: z.string().url().default("https://accept.paymob.com/api"),
  PAYMOB_API_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  PAYMOB_INTEGRATION_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  PAYMOB_IFRAME_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Verifies the provider's transaction callbacks (server/modules/payments/paymob-callback.ts). */
  PAYMOB_HMAC_SECRET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** Rate limits can be loosened for the browser tests, never switched off. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /**
   * Pages in flight at once, from their loaders to their last byte rendered; more wait their turn
   * (server/http/render-gate.ts). Unset: two for each thread that renders pages (pagesInFlight), as
   * many as run: the main thread's, and the render threads' of a built server.
   */
  SSR_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
  /**
   * Threads that render pages beside the main thread (decision 405, server/http/render-threads.ts);
   * 0 renders every page on the main thread. Unset: defaultRenderThreads (decision 406).
   */
  RENDER_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /** Pages allowed to wait for a render slot; one more answers 503 at once (decision 106). */
  SSR_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
  /** How long a page may wait for a render slot before it answers 503 (ms). */
  SSR_WAIT_MS: z.coerce.number().int().min(1).max(120_000).default(5000),
  /**
   * Memory for the catalogue memo's listing pages and JSON texts (catalog-memo.ts, decision 391), in
   * MB: unset, 16 on PostgreSQL and 6 on the embedded database, whose process holds PostgreSQL too.
   */
  CATALOGUE_MEMO_MB: z.coerce.number().int().min(0).max(1024).optional(),
  /** Memory for rendered guest pages (server/http/page-cache.ts, decision 281), in MB; 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /** A request (headers and body) must arrive within this time (ms), or the connection is cut. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /**
   * An idle keep-alive connection is closed after this time (ms). Longer than a load balancer's
   * own idle timeout (60 s on most), so the balancer never reuses a connection being closed.
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  /** Where uploads and contact attachments are kept: DATA_DIR (one machine) or an S3 bucket (decision 270). */
  STORAGE: z.enum(["disk", "s3"]).default("disk"),
  /** An S3-compatible server's address (MinIO, R2, Spaces…); unset means AWS S3 itself. */
  S3_ENDPOINT: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_BUCKET: z
    .string()
    .max(63)
    .optional()
    .transform((v) => v || undefined),
  S3_REGION: z.string().max(50).default("us-east-1"),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /**
   * Where the bucket's uploads/ prefix can be read by anyone (a CDN or a public bucket address).
   * Set, /uploads/<name> redirects there; unset, the shop streams the picture from the bucket.
   */
  S3_PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Addresses as endpoint/bucket/key rather than bucket.endpoint/key (MinIO, s3rver). */
  S3_FORCE_PATH_STYLE: booleanString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = Omit<z.infer<typeof envSchema>, "PUBLIC_URL" | "S3_PUBLIC_URL" | "RENDER_THREADS"> & {
  /** Always set: RENDER_THREADS, or defaultRenderThreads for this machine and database. */
  RENDER_THREADS: number;
  /** S3_PUBLIC_URL without its trailing slash. */
  S3_PUBLIC_URL?: string;
  /** The bucket's settings, with STORAGE=s3 only. */
  s3?: S3Settings;
  /** Always set: PUBLIC_URL without its trailing slash, or http://localhost:PORT outside production. */
  PUBLIC_URL: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  isProduction: boolean;
  cardPaymentEnabled: boolean;
  /** COD_FEE and COD_MAX_TOTAL in piastres (null: no limit). */
  cod: { feePiastres: number; maxTotalPiastres: number | null };
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && !c.PUBLIC_URL) {
    // Links in e-mails, the sitemap and canonical links must never come from a request's Host header.
    throw new Error(
      "Invalid environment: PUBLIC_URL is required in production (the shop's own address, e.g. https://azya.eg)",
    );
  }
  if (c.STORAGE === "s3" && !c.S3_BUCKET) {
    throw new Error("Invalid environment: S3_BUCKET is required with STORAGE=s3");
  }
  const publicUrl = trimTrailingSlashes(c.PUBLIC_URL ?? `http://localhost:${c.PORT}`);
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    PUBLIC_URL: publicUrl,
    RENDER_THREADS: c.RENDER_THREADS ?? defaultRenderThreads(os.availableParallelism(), !c.DATABASE_URL),
    S3_PUBLIC_URL: c.S3_PUBLIC_URL ? trimTrailingSlashes(c.S3_PUBLIC_URL) : undefined,
    s3:
      c.STORAGE === "s3"
        ? {
            endpoint: c.S3_ENDPOINT,
            bucket: c.S3_BUCKET!,
            region: c.S3_REGION,
            accessKeyId: c.S3_ACCESS_KEY_ID,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY,
            forcePathStyle: c.S3_FORCE_PATH_STYLE ?? false,
          }
        : undefined,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    outboxDir: path.join(dataDir, "outbox"),
    isProduction: c.NODE_ENV === "production",
    cod: {
      feePiastres: Math.round(c.COD_FEE * 100),
      maxTotalPiastres: c.COD_MAX_TOTAL === undefined ? null : Math.round(c.COD_MAX_TOTAL * 100),
    },
    // Without the HMAC secret no payment could ever be confirmed, so card payment stays off.
    cardPaymentEnabled: Boolean(
      c.PAYMOB_API_KEY && c.PAYMOB_INTEGRATION_ID && c.PAYMOB_IFRAME_ID && c.PAYMOB_HMAC_SECRET,
    ),
  };
}
