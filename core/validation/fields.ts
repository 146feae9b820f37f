/** Small field builders shared by the schemas of core/validation. */
import { z } from "zod";

/**
 * A UUID whose length is capped before the UUID pattern runs: a 10 KB value is refused by its
 * length alone (tests/unit/redos.test.ts checks every pattern runs after such a cap).
 */
export const uuidField = (error: string, invalid = error) =>
  z
    .string({ error: missingOr(error, invalid) })
    .max(36, { error: invalid, abort: true })
    .pipe(z.uuid({ error: invalid }));

/** "X is required" when nothing came, the `invalid` message for a value that is not right. */
export const missingOr =
  (missing: string, invalid: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? missing : invalid;
