/**
 * Several built servers on one PostgreSQL database, as behind a load balancer: each with its own
 * DATA_DIR, started at once. For the multi-process tests (start-up under a lock, events across
 * processes); they need `npm run build` and DATABASE_URL, and skip visibly otherwise.
 */
import { inject } from "vitest";
import pg from "pg";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isBuilt, startBuiltServer, type BuiltServer } from "../../scripts/built-server.mjs";
import { databaseUrlFor } from "./global-setup";
import { onPostgres } from "./test-app";

export const canRunCluster = () => onPostgres() && isBuilt();

/** A new, empty database (no migrations); dropped with the run's others at the end. */
export async function createEmptyDatabase(): Promise<{ url: string; name: string }> {
  const adminUrl = inject("pgAdminUrl")!;
  const name = `shop_c_${inject("runId")}_${crypto.randomBytes(4).toString("hex")}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  return { url: databaseUrlFor(adminUrl, name), name };
}

/** Runs `fn` on a connection of its own to `url`. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export interface Cluster {
  servers: BuiltServer[];
  /** The output of each server, for the failure message. */
  logs: string[];
  stop(): Promise<void>;
}

/**
 * Starts `count` built servers at the same moment on `databaseUrl`. Resolves once every one is
 * ready; rejects (with their logs) when any exits or never gets ready, after stopping the others.
 */
export async function startCluster(count: number, databaseUrl: string, env: Record<string, string> = {}) {
  const dirs = Array.from({ length: count }, () => fs.mkdtempSync(path.join(os.tmpdir(), "shop-cluster-")));
  const logs = dirs.map(() => "");
  const started = await Promise.allSettled(
    dirs.map((dir, i) =>
      startBuiltServer({
        env: {
          NODE_ENV: "production",
          DATA_DIR: dir,
          DATABASE_URL: databaseUrl,
          SMTP_URL: "",
          LOG_LEVEL: "warn",
          RATE_LIMIT_SCALE: "50",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
        timeoutMs: 150_000,
        onSpawn: (child) => {
          const keep = (chunk: Buffer) => {
            logs[i] = (logs[i]! + chunk.toString()).slice(-4000);
          };
          child.stdout?.on("data", keep);
          child.stderr?.on("data", keep);
        },
      }),
    ),
  );
  const servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  const failures = started.flatMap((s, i) =>
    s.status === "rejected" ? [`server ${i + 1}: ${(s.reason as Error).message}\n${logs[i]}`] : [],
  );
  if (failures.length) {
    await stop();
    throw new Error(`${failures.length} of ${count} servers did not start:\n${failures.join("\n")}`);
  }
  return { servers, logs, stop } satisfies Cluster;
}
