/**
 * A burst of parallel requests from one address gets exactly the limit served and the rest 429.
 * Before the fix every request of a burst read the count of the whole burst from the plugin's
 * memory store (it answers with its own mutable record) and all of them were refused.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { clientIp } from "../support/account-factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("serves five of twenty parallel reset requests from one address (limit 5), and refuses fifteen", async () => {
  const ip = clientIp();
  const statuses = await Promise.all(
    Array.from({ length: 20 }, () =>
      t.app
        .inject({ method: "POST", url: "/api/checkemail", payload: { email: "x@example.com" }, remoteAddress: ip })
        .then((r) => r.statusCode),
    ),
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(15);
});
