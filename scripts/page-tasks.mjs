// The main thread's long tasks after the first contentful paint, on a phone-sized page in Chromium
// with its CPU slowed 4x (as Lighthouse's mobile run slows it): the total blocking time of each run
// and what each blocking task was (module evaluation, React, layout, parsing). Steadier than
// Lighthouse's simulated TBT on a shared machine, so use it to compare two builds. Needs a running
// server: start one with `npm start`, then
//   node scripts/page-tasks.mjs "http://127.0.0.1:3000/shop?lang=ar" 5
import { chromium } from "playwright-core";
const [url, runs = "5"] = process.argv.slice(2);
if (!url) {
  console.error("usage: node scripts/page-tasks.mjs <page url> [runs]   (DETAIL=1 lists each long task)");
  process.exit(2);
}
/** What a long task mostly was, by the first of these it contains. */
function taskKind(events) {
  const has = (test) => events.some(test);
  if (has((k) => k.name === "v8.evaluateModule")) return "module-eval";
  if (has((k) => k.name === "FunctionCall" && /entry\.client/.test(k.args?.data?.url ?? ""))) return "react";
  if (has((k) => k.name === "ParseHTML")) return "parse";
  if (has((k) => k.name === "Layout")) return "layout";
  if (has((k) => k.name === "EvaluateScript")) return "inline-script";
  return `other:${events.find((k) => k.name !== "ThreadControllerImpl::RunTask")?.name ?? "?"}`;
}

const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const results = [];
for (let r = 0; r < Number(runs); r++) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await b.startTracing(p, { categories: ["toplevel", "devtools.timeline", "loading", "v8.execute", "blink"] });
  await p.goto(url, { waitUntil: "load" });
  await p.waitForTimeout(3500);
  const events = JSON.parse((await b.stopTracing()).toString()).traceEvents;
  await ctx.close();
  const fcpEv = events.find((e) => e.name === "firstContentfulPaint");
  const tid = events.filter(
    (e) => e.pid === fcpEv.pid && e.name === "thread_name" && e.args.name === "CrRendererMain",
  )[0].tid;
  const mine = events.filter((e) => e.pid === fcpEv.pid && e.tid === tid && e.ph === "X");
  const tasks = mine.filter(
    (e) => e.name === "ThreadControllerImpl::RunTask" && e.dur > 50000 && e.ts + e.dur > fcpEv.ts,
  );
  let tbt = 0;
  const cat = {};
  for (const t of tasks) {
    const start = Math.max(t.ts, fcpEv.ts);
    const blocking = t.ts + t.dur - start - 50000;
    if (blocking <= 0) continue;
    tbt += blocking;
    const inner = mine.filter((k) => k.ts >= t.ts && k.ts <= t.ts + t.dur);
    const kind = taskKind(inner);
    cat[kind] = (cat[kind] || 0) + blocking / 1000;
    if (process.env.DETAIL) {
      const by = {};
      for (const k of inner) {
        if (k === t || k.name === "ThreadControllerImpl::RunTask") continue;
        const n =
          k.name +
          (k.args?.data?.url ? ` ${k.args.data.url.replace(/.*\//, "").slice(0, 30)}` : "") +
          (k.args?.data?.functionName ? ` ${k.args.data.functionName}` : "");
        by[n] = (by[n] || 0) + (k.dur || 0);
      }
      console.log(
        "   task",
        Math.round((t.ts - fcpEv.ts) / 1000),
        "ms after FCP,",
        Math.round(t.dur / 1000),
        "ms:",
        Object.entries(by)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 7)
          .map(([n, d]) => `${n}=${Math.round(d / 1000)}`)
          .join(" | "),
      );
    }
  }
  results.push(tbt / 1000);
  console.log(
    "run",
    r,
    "TBT",
    Math.round(tbt / 1000),
    Object.entries(cat)
      .map(([k, v]) => `${k}=${Math.round(v)}`)
      .join(" "),
  );
}
results.sort((a, b) => a - b);
console.log("median TBT", Math.round(results[Math.floor(results.length / 2)]));
await b.close();
