/** Shared by the accounts API tests (not a test file itself). */
import { expect } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "../support/test-app";

/** Records every reply the app gives from now on, so a test can inspect them all at the end. */
export function recordReplies(t: TestApp): LightMyRequestResponse[] {
  const replies: LightMyRequestResponse[] = [];
  const inject = t.app.inject.bind(t.app) as (opts: object) => Promise<LightMyRequestResponse>;
  (t.app as unknown as { inject: typeof inject }).inject = async (opts: object) => {
    const res = await inject(opts);
    replies.push(res);
    return res;
  };
  return replies;
}

/** No body and no header of any reply mentions a password hash. */
export function expectNoPasswordHash(replies: LightMyRequestResponse[]) {
  for (const res of replies) {
    const text = res.body + JSON.stringify(res.headers);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/password_?hash/i);
  }
}
