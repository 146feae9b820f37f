// The CPU one server-rendered page costs the server (issue 14 part 3), read from the server
// process's own counters (/proc/<pid>/stat: user + system time of all its threads, so garbage
// collection and the HTTP work are in it) around a run of pages asked one at a time. CPU time, not
// wall time: other programs on a busy machine delay a page but do not add to its CPU.
// Used by `npm run bench` (the "render CPU" table); `signUpCustomer` gives it a signed-in shopper.
import fs from "node:fs";
import path from "node:path";

const TICKS_PER_SECOND = 100; // USER_HZ: `getconf CLK_TCK` is 100 on Linux

/** User + system CPU of a process so far, in ms. */
export function processCpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * The sum and count of `azya_page_render_cpu_seconds` for one page family and viewer, read from the
 * text /metrics prints (0 and 0 before the first such render). The unit tests read it the same way.
 */
export function renderCpuSeriesIn(text, page, viewer) {
  const read = (suffix) => {
    const line = text
      .split("\n")
      .find(
        (l) =>
          l.startsWith(`azya_page_render_cpu_seconds_${suffix}{`) &&
          l.includes(`page="${page}"`) &&
          l.includes(`viewer="${viewer}"`),
      );
    return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
  };
  return { sum: read("sum"), count: read("count") };
}

/** The same, asked of the running server's /metrics. */
async function renderCpuSeries(base, metricsToken, page, viewer) {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  if (!res.ok) throw new Error(`/metrics answered ${res.status} (is METRICS_TOKEN set?)`);
  return renderCpuSeriesIn(await res.text(), page, viewer);
}

/**
 * Mean server CPU per request of `pathFor(i)` (i = 0, 1, …), asked one after another after `warm`
 * unmeasured ones. A guest page needs a new address each time (`pathFor` adds `r=i`), or the page
 * cache would answer it: this measures a render, not a cache hit.
 */
export async function cpuPerPage({
  base,
  pid,
  pathFor,
  headers = {},
  count = 200,
  warm = 40,
  metricsToken,
  page,
  viewer,
}) {
  const ask = async (i) => {
    const res = await fetch(`${base}${pathFor(i)}`, { headers, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${pathFor(i)} answered ${res.status}`);
  };
  for (let i = 0; i < warm; i++) await ask(1_000_000 + i);
  const seriesBefore = metricsToken ? await renderCpuSeries(base, metricsToken, page, viewer) : null;
  const before = processCpuMs(pid);
  for (let i = 0; i < count; i++) await ask(i);
  const request = (processCpuMs(pid) - before) / count;
  if (!seriesBefore) return { request, render: Number.NaN, renders: 0 };
  const after = await renderCpuSeries(base, metricsToken, page, viewer);
  const renders = after.count - seriesBefore.count;
  return { request, render: renders ? ((after.sum - seriesBefore.sum) * 1000) / renders : Number.NaN, renders };
}

/**
 * A customer account, activated with the code the shop e-mailed (without SMTP_URL the mail is a
 * file in DATA_DIR/outbox), signed in: returns the cookie header a browser would send.
 */
export async function signUpCustomer(base, dataDir) {
  const email = `bench-${Date.now()}@example.com`;
  const password = "Bench-customer-pass-1";
  const created = await fetch(`${base}/api/createUser`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ firstName: "Salma", lastName: "Adel", email, phone: "+201012345678", password }),
  });
  if (created.status !== 201) throw new Error(`createUser answered ${created.status}: ${await created.text()}`);
  const { UserID } = await created.json();
  const outbox = path.join(dataDir, "outbox");
  let code;
  for (let tries = 0; !code && tries < 100; tries++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(".eml")) : [];
    for (const f of files) {
      const text = fs.readFileSync(path.join(outbox, f), "utf8");
      if (text.includes(email)) code = text.match(/\b\d{6}\b/)?.[0];
    }
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  if (!code) throw new Error(`no activation code was e-mailed to ${email}`);
  const activated = await fetch(`${base}/api/activateUser`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ userId: UserID, activationCode: code }),
  });
  if (!activated.ok) throw new Error(`activateUser answered ${activated.status}: ${await activated.text()}`);
  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const { token } = await login.json();
  if (!token) throw new Error(`login answered ${login.status}`);
  return { cookie: `access_token=${token}`, token };
}

/** The render CPU table's rows: each page as a guest (a new address each time) and signed in. */
export async function renderCpuTable({ base, pid, productIds, customer, metricsToken, count = 200 }) {
  const pick = (i) => productIds[(i * 7919) % productIds.length];
  const pages = [
    ["/product/{id}", "product", (i) => `/product/${pick(i)}`, (i) => `/product/${pick(i)}?r=${i}`],
    ["/shop", "shop", (i) => `/shop?page=${1 + (i % 5)}`, (i) => `/shop?page=${1 + (i % 5)}&r=${i}`],
    ["/", "home", () => "/", (i) => `/?r=${i}`],
  ];
  const rows = [];
  for (const [name, page, signedInPath, guestPath] of pages) {
    const guest = await cpuPerPage({ base, pid, pathFor: guestPath, count, metricsToken, page, viewer: "guest" });
    const signedIn = await cpuPerPage({
      base,
      pid,
      pathFor: signedInPath,
      headers: { cookie: customer.cookie },
      count,
      metricsToken,
      page,
      viewer: "signed-in",
    });
    rows.push({ name, guest, signedIn });
  }
  return rows;
}
