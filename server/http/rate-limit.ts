import type { Config } from "../config";

/**
 * A route's rate limit, e.g. `config: { access: "public", rateLimit: rateLimit(app.deps.config, 5) }`.
 * RATE_LIMIT_SCALE loosens every limit alike for the browser tests; it never switches one off.
 */
export function rateLimit(config: Config, max: number, timeWindow: string | number = "1 minute") {
  return { max: Math.max(1, Math.ceil(max * config.RATE_LIMIT_SCALE)), timeWindow };
}
