// `npm run fuzz`: property-based fuzzing of the whole HTTP surface, generated with fast-check from
// the app's own OpenAPI document (GET /api/openapi.json), against the built server on a fresh database.
// Fails (exit 1) on any 5xx, any stack trace, file path or SQL text in a reply, a request left
// unanswered, or a server that is not healthy afterwards. Builds first when there is no build.
//
// Settings: FUZZ_RUNS (10000 requests), FUZZ_SEED (a fixed seed, so a run repeats), DATABASE_URL
// (a PostgreSQL server to create a throw-away database on; PGlite otherwise), FUZZ_CONCURRENCY (1:
// requests in order, so a run repeats exactly), FUZZ_TIMEOUT_MS (15000 per request),
// FUZZ_REPORT (a file to write every failure to, as JSON), FUZZ_VERBOSE=1 (every request).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { isBuilt } from "./built-server.mjs";
import { startServer } from "./fuzz/server.mjs";
import { allCases } from "./fuzz/cases.mjs";
import { findProblems } from "./fuzz/checks.mjs";
import { call, closeAgent, encodeBody, send } from "./fuzz/send.mjs";
import { preview, squeeze } from "./fuzz/json.mjs";

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CONCURRENCY = Math.max(1, Number(process.env.FUZZ_CONCURRENCY ?? 1));
const TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 15_000);
const ADMIN = { email: "fuzz-admin@example.com", password: "Fuzz-Admin-secret-9" };
const CUSTOMER_PASSWORD = "Fuzz-Customer-secret-7";
/** Calls that would end the fuzzer's own session: sent as a guest instead. */
const SELF_ENDING = new Set(["POST /api/logout", "DELETE /api/delete/user"]);

const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);

const api = (base, method, p, opts) => call(base, method, p, opts);

/** The newest e-mail to an address in DATA_DIR/outbox, decoded enough to read a code. */
function mailTo(dataDir, address) {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return null;
  for (const f of fs.readdirSync(dir).sort().reverse()) {
    const raw = fs.readFileSync(path.join(dir, f), "utf8");
    if (raw.toLowerCase().includes(address.toLowerCase())) {
      return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    }
  }
  return null;
}

let customerSerial = 0;
/** A new activated customer, signed in: sign-up, the code from the outbox, sign-in. */
async function newCustomer(server) {
  const email = `fuzz-customer-${++customerSerial}@example.com`;
  const created = await api(server.base, "POST", "/api/createUser", {
    body: { firstName: "Fuzz", lastName: "Customer", email, phone: "01012345678", password: CUSTOMER_PASSWORD },
  });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status} ${JSON.stringify(created.body)}`);
  let code;
  for (let i = 0; i < 50 && !code; i++) {
    code = /\b(\d{6})\b/.exec(mailTo(server.dataDir, email) ?? "")?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no activation code for ${email} in the outbox`);
  const activated = await api(server.base, "POST", "/api/activateUser", {
    body: { userId: created.body.UserID, activationCode: code },
  });
  if (activated.status !== 200) throw new Error(`activation failed: ${activated.status}`);
  const login = await api(server.base, "POST", "/api/login", { body: { email, password: CUSTOMER_PASSWORD } });
  if (login.status !== 200) throw new Error(`customer sign-in failed: ${login.status}`);
  return { email, id: created.body.UserID, token: login.body.token };
}

async function adminSession(server) {
  const login = await api(server.base, "POST", "/api/login", { body: ADMIN });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { email: ADMIN.email, id: login.body.UserID, token: login.body.token };
}

/** The pages of app/routes.ts (index, route("path", …)), as URL patterns. */
function appPages() {
  const source = fs.readFileSync("app/routes.ts", "utf8");
  const pages = ["/"];
  for (const m of source.matchAll(/route\("([^"]+)"/g)) if (m[1] !== "*") pages.push(`/${m[1]}`);
  return pages;
}

/** The operations of the OpenAPI document, under /api (the pages' catch-all is fuzzed apart). */
function operations(doc) {
  const ops = [];
  for (const [p, byMethod] of Object.entries(doc.paths ?? {})) {
    if (!p.startsWith("/api/")) continue;
    for (const [m, op] of Object.entries(byMethod))
      if (m !== "head") ops.push({ ...op, path: p, method: m.toUpperCase() });
  }
  return ops;
}

/** The server's log lines, short: an error's type and message, or the line itself. */
function serverErrors(lines) {
  return lines
    .map((l) => {
      try {
        const j = JSON.parse(l);
        return j.err ? `${j.msg}: ${j.err.type}: ${j.err.message}` : j.msg;
      } catch {
        return /^\s+at /.test(l) ? null : squeeze(l.trim(), 300);
      }
    })
    .filter(Boolean)
    .slice(0, 6);
}

const dedupKey = (c, r, problems, serverLog) => {
  // The server's own error names the cause in one language; the reply's message is translated.
  const message =
    serverLog.find((l) => l.startsWith("unhandled error")) ??
    serverLog[0] ??
    (() => {
      try {
        return String(JSON.parse(r.body).message ?? "");
      } catch {
        return r.body.slice(0, 80);
      }
    })();
  // A wrong method or an unknown path fails the same way wherever it lands: one entry per method.
  const area = c.path.startsWith("/api") ? "/api" : "pages";
  const where =
    c.kind === "operation" || c.kind === "page data" || c.kind === "page"
      ? c.route
      : `${c.method} <${c.kind} under ${area}>`;
  return [problems.join("+"), where, r.status, message.replace(/\d+/g, "N").slice(0, 80)].join(" | ");
};

async function main() {
  const started = Date.now();
  // Builds only when there is no build (CI has just built; `npm run build` again after a change).
  if (!isBuilt()) execSync("npm run build", { stdio: "inherit" });
  const server = await startServer({ databaseUrl: process.env.DATABASE_URL, admin: ADMIN, rateLimitScale: 1000 });
  log(
    `fuzz: server at ${server.base} (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}), seed ${SEED}, ${RUNS} requests`,
  );
  const stats = new Map();
  const failures = new Map();
  let sent = 0;
  let refusedByClient = 0;
  const notes = [];
  const slow = new Map();
  try {
    const doc = (await api(server.base, "GET", "/api/openapi.json")).body;
    const ops = operations(doc);
    if (ops.length < 10) throw new Error(`the OpenAPI document lists only ${ops.length} operations`);

    // Without a customer (a sign-up flow changed under the fuzzer) her cases go out as a guest's.
    const customer = await newCustomer(server).catch((err) => {
      notes.push(`no customer session (${err.message}): the customer's requests were sent as a guest`);
      return null;
    });
    const sessions = { guest: null, admin: await adminSession(server), customer };
    const products = (await api(server.base, "GET", "/api/products?limit=50&sortBy=oldest")).body.products ?? [];
    const shipping = (await api(server.base, "GET", "/api/shipping")).body;
    const ids = [
      ...products.slice(0, 20).map((p) => p._id),
      ...(Array.isArray(shipping) ? shipping : (shipping.options ?? shipping.cities ?? []))
        .slice(0, 5)
        .map((s) => s._id ?? s.id)
        .filter(Boolean),
      ...(customer ? [customer.id] : []),
    ];
    const ctx = {
      ops,
      ids: ids.length ? ids : ["00000000-0000-4000-8000-000000000000"],
      emails: [
        customer?.email ?? "fuzz-customer-1@example.com",
        "nobody@example.com",
        "not-an-email",
        "a@b",
        "FUZZ-CUSTOMER-1@EXAMPLE.COM",
      ],
      pages: appPages(),
    };
    log(`fuzz: ${ops.length} operations, ${ctx.pages.length} pages, ${ctx.ids.length} known ids; generating…`);
    const cases = fc.sample(allCases(ctx), { seed: SEED, numRuns: RUNS });

    /** Every 100 requests: a session the fuzz ended (a ban, a password change) is opened again. */
    const refreshSessions = async () => {
      for (const who of ["admin", "customer"]) {
        const s = sessions[who];
        if (!s) continue;
        if ((await api(server.base, "GET", "/api/auth-status", { token: s.token })).status === 200) continue;
        if (who === "admin") sessions.admin = await adminSession(server);
        else {
          const again = await api(server.base, "POST", "/api/login", {
            body: { email: s.email, password: CUSTOMER_PASSWORD },
          });
          sessions.customer =
            again.status === 200 ? { ...s, token: again.body.token } : await newCustomer(server).catch(() => null);
        }
        notes.push(`the ${who} session ended by request ${sent} and was opened again`);
      }
    };

    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const i = next++;
        const c = cases[i];
        if (SELF_ENDING.has(c.route)) c.identity = "guest";
        if (i > 0 && i % 100 === 0 && CONCURRENCY === 1) await refreshSessions();
        const t = Date.now();
        const mark = server.logMark();
        // A body the route answers without reading is read and dropped before the answer
        // (server/http/unread-body.ts), so a reset here is the server's fault, never the kernel's race.
        const r = await send(server.base, c, sessions[c.identity]?.token ?? null, TIMEOUT_MS);
        const ms = Date.now() - t;
        const slowKey = c.kind === "operation" ? c.route : `${c.method} <${c.kind}>`;
        slow.set(slowKey, (slow.get(slowKey) ?? 0) + ms);
        sent++;
        if (r.status === -1) {
          refusedByClient++;
          continue;
        }
        // A reply to a body over 16 MB closes the connection before reading it all (the server reads
        // and drops the rest of a smaller one first: server/http/unread-body.ts).
        const bodyBytes = encodeBody(c).bytes?.length ?? 0;
        let problems = findProblems(r);
        // Node refuses a request head over 16 KB (431) the same way.
        const overLimit = r.status === 0 && !r.timedOut && (bodyBytes > 16 * 1024 * 1024 || c.path.length > 16 * 1024);
        if (overLimit) problems = problems.slice(1);
        // Whether the refusal's reply or the closed connection reaches the fuzzer first is a race:
        // both count as the refusal, so the summary line repeats from run to run.
        const statusKey = r.timedOut
          ? "timeout"
          : overLimit
            ? c.path.length > 16 * 1024
              ? "431"
              : "413"
            : r.status === 0
              ? "dropped"
              : String(r.status);
        stats.set(statusKey, (stats.get(statusKey) ?? 0) + 1);
        if (process.env.FUZZ_VERBOSE === "1")
          log(
            `${new Date().toISOString().slice(14, 23)} ${i} ${c.identity} ${c.method} ${squeeze(c.path, 120)} -> ${statusKey}`,
          );
        if (!problems.length) continue;
        await new Promise((resolve) => setTimeout(resolve, 50)); // the server's log line comes through a pipe
        // In order (FUZZ_CONCURRENCY=1) these are the lines this request made the server log.
        const serverLog = serverErrors(server.logSince(mark));
        const key = dedupKey(c, r, problems, serverLog);
        const seen = failures.get(key);
        if (seen) seen.count++;
        else {
          failures.set(key, {
            count: 1,
            index: i,
            problems,
            identity: c.identity,
            kind: c.kind,
            route: c.route,
            method: c.method,
            path: c.path,
            how: c.body?.how,
            body: c.body
              ? c.body.type === "raw"
                ? squeeze(JSON.stringify(c.body.text), 600)
                : c.body.type === "multipart"
                  ? `multipart: ${c.body.files.map((f) => `${f.field}=${f.filename} (${f.type}, ${f.content.length} bytes)`).join(", ")}; fields ${c.body.fields.map(([k, v]) => `${k}=${squeeze(JSON.stringify(v), 80)}`).join(", ")}`
                  : preview(c.body.value)
              : null,
            contentType: encodeBody(c).contentType,
            status: r.status,
            error: r.error,
            reply: squeeze(r.body, 800),
            serverLog,
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    // Afterwards the server must still be up and answer its readiness check (database included) and a page.
    const health = await call(server.base, "GET", "/readyz", { timeoutMs: 10_000 }).catch(() => ({ status: 0 }));
    const home = await call(server.base, "GET", "/", { timeoutMs: 20_000 }).catch(() => ({ status: 0 }));
    if (server.child.exitCode !== null || health.status !== 200 || home.status !== 200) {
      failures.set("unhealthy", {
        count: 1,
        index: sent,
        identity: "guest",
        problems: ["server not healthy after the run"],
        route: "GET /readyz, GET /",
        method: "GET",
        path: "/readyz",
        status: `${health.status} / ${home.status}`,
        reply: server.stderrLines.slice(-20).join("\n"),
      });
    }
  } finally {
    closeAgent();
    const stopped = await server.stop();
    if (stopped.slowMs)
      notes.push(`the server took over ${stopped.slowMs / 1000} s to stop after SIGTERM and was killed`);
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const byStatus = [...stats.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
  const failed = [...failures.values()];
  for (const n of new Set(notes)) console.log(`note: ${n}`);
  if (process.env.FUZZ_VERBOSE === "1") {
    console.log(
      "time by route (ms):",
      [...slow.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 15)
        .map(([k, v]) => `${k}=${v}`)
        .join(", "),
    );
  }
  if (failed.length) {
    console.log(`\nFAILURES (${failed.length} distinct, ${failed.reduce((a, f) => a + f.count, 0)} requests):`);
    for (const f of failed) {
      console.log(
        `\n- ${f.problems.join(", ")}: ${f.route} (${f.count}×, first at request ${f.index}, as ${f.identity}${f.how ? `, ${f.how}` : ""})`,
      );
      console.log(`  request: ${f.method} ${squeeze(f.path, 400)}`);
      if (f.body) console.log(`  body (${f.contentType ?? "no content type"}): ${f.body}`);
      console.log(`  reply ${f.status}${f.error ? ` (${f.error})` : ""}: ${f.reply}`);
      if (f.serverLog?.length) console.log(`  server log: ${f.serverLog.join("\n              ")}`);
    }
  }
  if (process.env.FUZZ_REPORT)
    fs.writeFileSync(
      process.env.FUZZ_REPORT,
      JSON.stringify({ seed: SEED, runs: RUNS, stats: Object.fromEntries(stats), failures: failed }, null, 2),
    );
  console.log(
    `\nfuzz: ${sent} requests in ${seconds} s (seed ${SEED}): ${byStatus}${refusedByClient ? `; ${refusedByClient} not sendable` : ""}; ${failed.length} distinct failures`,
  );
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
