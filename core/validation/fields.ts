/** Small field builders shared by the schemas of core/validation. */
import { z } from "zod";

/**
 * A UUID whose length is capped before the UUID pattern runs: a 10 KB value is refused by its
 * length alone (tests/unit/redos.test.ts checks every pattern runs after such a cap).
 */
export const uuidField = (error: string) => z.string({ error }).max(36, { error, abort: true }).pipe(z.uuid({ error }));
