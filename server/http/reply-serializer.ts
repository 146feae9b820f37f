/**
 * Replies leave as plain JSON.stringify: no schema strips or reshapes them in production. Where
 * the operation declares a reply schema and `check` is on (NODE_ENV=test: every API test), the
 * JSON is parsed back and checked against it, so a contract that no longer matches its route fails
 * the tests loudly instead of lying to the browser's types.
 */
import { z } from "zod";

export class ReplyContractError extends Error {}

export function replySerializer(check: boolean) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string; httpStatus?: string }) => {
    const contract = check && schema instanceof z.ZodType ? schema : null;
    return (data: unknown) => {
      const json = JSON.stringify(data);
      if (contract) {
        const parsed = contract.safeParse(JSON.parse(json));
        if (!parsed.success) {
          throw new ReplyContractError(
            `The reply of ${method} ${url} breaks its contract:\n${z.prettifyError(parsed.error)}`,
          );
        }
      }
      return json;
    };
  };
}
