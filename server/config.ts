import { z } from "zod";
import path from "node:path";

/** The environment, parsed once. Every setting of DESIGN.md §3 lives here and nowhere else. */
const booleanString = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1"));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional().transform((v) => v || undefined),
  DATA_DIR: z.string().default("./data"),
  ADMIN_EMAIL: z.string().email().optional().or(z.literal("").transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(8).optional().or(z.literal("").transform(() => undefined)),
  SEED_DEMO: booleanString,
  SMTP_URL: z.string().optional().transform((v) => v || undefined),
  MAIL_FROM: z.string().default("Azya <no-reply@azya.eg>"),
  SHOP_EMAIL: z.string().email().default("hello@azya.eg"),
  SHOP_PHONE: z.string().default("+20 100 000 0000"),
  SOCIAL_FACEBOOK: z.string().url().default("https://facebook.com/azya.eg"),
  SOCIAL_INSTAGRAM: z.string().url().default("https://instagram.com/azya.eg"),
  REDIS_URL: z.string().optional().transform((v) => v || undefined),
  GOOGLE_CLIENT_ID: z.string().optional().transform((v) => v || undefined),
  /** Where Google's signing keys are read; a test points it at a local key set. */
  GOOGLE_JWKS_URL: z.string().url().default("https://www.googleapis.com/oauth2/v3/certs"),
  PAYMOB_API_URL: z.string().url().default("https://accept.paymob.com/api"),
  PAYMOB_API_KEY: z.string().optional().transform((v) => v || undefined),
  PAYMOB_INTEGRATION_ID: z.string().optional().transform((v) => v || undefined),
  PAYMOB_IFRAME_ID: z.string().optional().transform((v) => v || undefined),
  /** Verifies the provider's transaction callbacks (server/modules/payments/paymob-callback.ts). */
  PAYMOB_HMAC_SECRET: z.string().optional().transform((v) => v || undefined),
  /** Rate limits can be loosened for the browser tests, never switched off. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Pages rendered at once; more wait their turn (server/http/render-gate.ts). */
  SSR_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(8),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof envSchema> & {
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  isProduction: boolean;
  cardPaymentEnabled: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    outboxDir: path.join(dataDir, "outbox"),
    isProduction: c.NODE_ENV === "production",
    // Without the HMAC secret no payment could ever be confirmed, so card payment stays off.
    cardPaymentEnabled: Boolean(c.PAYMOB_API_KEY && c.PAYMOB_INTEGRATION_ID && c.PAYMOB_IFRAME_ID && c.PAYMOB_HMAC_SECRET),
  };
}
