/**
 * The job queue in the shop's database (server/jobs, docs/decisions/250): jobs run once, failures are
 * retried with growing delays and kept once they give up, a dead worker's job is taken again after
 * its lease, and two workers on one PostgreSQL database never run a job twice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, onPostgres, type TestApp } from "../support/test-app";
import { jobs } from "../../server/db/schema";
import { createJobs, type Jobs } from "../../server/jobs/worker";
import { claimDueJobs } from "../../server/jobs/claim";
import { retryDelayMs } from "../../server/jobs/backoff";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const silentLog = () => t.deps.log;
function newJobs(overrides: Partial<Parameters<typeof createJobs>[0]> = {}): Jobs {
  return createJobs({ db: t.deps.db, log: silentLog(), pollMs: 20, retryBaseMs: 1000, ...overrides });
}
const jobsOfKind = (kind: string) => t.deps.db.select().from(jobs).where(eq(jobs.kind, kind));

describe("a job queue in the database", () => {
  it("runs a queued job once and deletes it", async () => {
    const q = newJobs();
    const seen: unknown[] = [];
    q.handle("test.once", async (payload) => void seen.push(payload.n));
    await q.enqueue(t.deps.db, { kind: "test.once", payload: { n: 1 } });
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toEqual([1]);
    expect(await jobsOfKind("test.once")).toHaveLength(0);
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    const q = newJobs();
    q.handle("test.rollback", async () => {});
    await expect(
      t.deps.db.transaction(async (tx) => {
        await q.enqueue(tx, { kind: "test.rollback", payload: {} });
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    expect(await jobsOfKind("test.rollback")).toHaveLength(0);
  });

  it("waits for run_at before running a scheduled job", async () => {
    const q = newJobs();
    q.handle("test.later", async () => {});
    await q.enqueue(t.deps.db, { kind: "test.later", payload: {}, runAt: new Date(Date.now() + 3_600_000) });
    expect(await q.runDue()).toBe(0);
    expect(await jobsOfKind("test.later")).toHaveLength(1);
  });

  it("keeps one live job per unique key", async () => {
    const q = newJobs();
    await q.enqueue(t.deps.db, { kind: "test.unique", payload: { n: 1 }, uniqueKey: "expire:one" });
    await q.enqueue(t.deps.db, { kind: "test.unique", payload: { n: 2 }, uniqueKey: "expire:one" });
    const rows = await jobsOfKind("test.unique");
    expect(rows.map((r) => r.payload)).toEqual([{ n: 1 }]);
  });

  it("retries a failed job after a growing delay, then keeps it as failed with its error", async () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(1000, n))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(30_000, 20)).toBe(3_600_000);

    const q = newJobs({ retryBaseMs: 60_000 });
    let tries = 0;
    q.handle("test.flaky", async () => {
      tries++;
      throw new Error(`SMTP down (try ${tries})`);
    });
    await q.enqueue(t.deps.db, { kind: "test.flaky", payload: {}, maxAttempts: 3 });
    await q.runDue();
    let [row] = await jobsOfKind("test.flaky");
    expect(row).toMatchObject({ status: "queued", attempts: 1, lastError: "SMTP down (try 1)" });
    const wait = row!.runAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await q.runDue()).toBe(0); // not due yet

    for (const attempt of [2, 3]) {
      await t.deps.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, "test.flaky"));
      await q.runDue();
      [row] = await jobsOfKind("test.flaky");
      expect(row!.attempts).toBe(attempt);
    }
    expect(row).toMatchObject({ status: "failed", attempts: 3, lastError: "SMTP down (try 3)" });
    // A failed job is kept to look at, and never claimed again.
    await t.deps.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, "test.flaky"));
    expect(await q.runDue()).toBe(0);
    expect(tries).toBe(3);
  });

  it("fails a job whose kind has no handler, as any failure", async () => {
    const q = newJobs();
    await q.enqueue(t.deps.db, { kind: "test.unknown", payload: {} });
    await q.runDue();
    const [row] = await jobsOfKind("test.unknown");
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row!.lastError).toMatch(/no handler/);
  });

  it("takes a job again once the lease of a worker that died has run out", async () => {
    const q = newJobs();
    const ran: string[] = [];
    q.handle("test.lease", async () => void ran.push("again"));
    await q.enqueue(t.deps.db, { kind: "test.lease", payload: {} });
    // A worker claims it and dies: the row stays "running" under its lease.
    const [claimed] = (await claimDueJobs(t.deps.db, 100)).filter((j) => j.kind === "test.lease");
    expect(claimed).toBeDefined();
    expect(await q.runDue()).toBe(0);
    await t.deps.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.kind, "test.lease"));
    expect(await q.runDue()).toBe(1);
    expect(ran).toEqual(["again"]);
    expect(await jobsOfKind("test.lease")).toHaveLength(0);
  });

  it("runs jobs from its loop once started, and finishes the job in hand when stopped", async () => {
    const q = newJobs({ pollMs: 50 });
    let finished = 0;
    q.handle("test.loop", async () => {
      await new Promise((r) => setTimeout(r, 100));
      finished++;
    });
    q.start();
    await q.enqueue(t.deps.db, { kind: "test.loop", payload: {} });
    const deadline = Date.now() + 5000;
    while (finished === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(finished).toBe(1);
    await q.enqueue(t.deps.db, { kind: "test.loop", payload: {} });
    await new Promise((r) => setTimeout(r, 80)); // claimed and in hand
    await q.stop();
    expect(finished).toBe(2);
    expect(await jobsOfKind("test.loop")).toHaveLength(0);
  });

  it("starts with the server and stops with it", async () => {
    const app = await createTestApp({ runJobs: true, env: { JOBS_POLL_MS: "20" } });
    try {
      await app.deps.mailer.send({ to: "worker@example.com", subject: "Hello", text: "From the worker" });
      const deadline = Date.now() + 5000;
      while (app.mail.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(app.mail.map((m) => m.to)).toEqual(["worker@example.com"]);
    } finally {
      await app.close();
    }
  });
});

describe("several workers on one PostgreSQL database", () => {
  it.skipIf(!onPostgres())("runs each of 200 jobs exactly once with two workers looping at once", async () => {
    const runs = new Map<number, number>();
    const handler = async (payload: Record<string, unknown>) => {
      const n = Number(payload.n);
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 2)); // a little work, so the workers overlap
    };
    const workers = [newJobs({ batch: 5 }), newJobs({ batch: 5 })];
    const ranBy = [0, 0];
    for (const [i, w] of workers.entries()) {
      w.handle("test.shared", async (p, job) => {
        ranBy[i]!++;
        await handler(p);
        expect(job.attempts).toBe(1);
      });
    }
    for (let n = 0; n < 200; n++) await enqueueShared(n);
    for (const w of workers) w.start();
    const deadline = Date.now() + 30_000;
    while ((await jobsOfKind("test.shared")).length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(workers.map((w) => w.stop()));
    expect(await jobsOfKind("test.shared")).toHaveLength(0);
    expect(runs.size).toBe(200);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    // Both took a share: neither waited on the other's locked rows.
    expect(ranBy[0]).toBeGreaterThan(0);
    expect(ranBy[1]).toBeGreaterThan(0);
  });
});

async function enqueueShared(n: number) {
  await t.deps.db.insert(jobs).values({ kind: "test.shared", payload: { n } });
}
