/**
 * Node's flags for the built server, shared by `npm start` and `npm run bench` so the figures are
 * the server as it runs. Left to itself V8 let the heap grow past 250 MB under a burst of pages
 * although about 100 MB stay live, so the old generation is capped at 192 MB and the young one at
 * 2 × 8 MB (measured: 23 MB less, no fewer pages a second). This keeps the server inside DESIGN.md
 * §9's 300 MB; pages render a few at a time (server/http/render-gate.ts), which bounds what is live.
 *
 * No `--enable-source-maps`: it parses the source map of every module that has one when the module
 * loads and keeps them all (about 10 MB of heap, 20–30 MB of RSS after browsing). A logged error's
 * stack is mapped to the sources when it is logged instead (server/logging/source-mapped-stack.ts).
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=192", "--max-semi-space-size=8"];

/**
 * The embedded database (no DATABASE_URL: PGlite in the server's own process) is the small shop's
 * default, within 300 MB with PostgreSQL itself inside (decision 363). There the young generation
 * is 2 × 2 MB, and glibc gives blocks of 128 kB and more (compression's windows, kept pages) their
 * own mappings, returned to the system when freed instead of kept in its arenas. `npm run memory`
 * after browsing every page twice: 305–366 MB before, 239–261 MB with both. (V8's
 * `--optimize-for-size` saved 20 MB more but cost 40–50 % more CPU a page.) A shop on PostgreSQL
 * keeps the faster defaults (240–247 MB after the whole bench).
 */
export const EMBEDDED_NODE_FLAGS = ["--max-old-space-size=192", "--max-semi-space-size=2"];
export const EMBEDDED_GLIBC_TUNABLES = "glibc.malloc.mmap_threshold=131072";

/**
 * On PostgreSQL, two malloc arenas: glibc gives each thread that allocates an arena of its own (up
 * to eight a core) and keeps what is freed in it: the main thread, a render thread (decision 405),
 * libuv's four and V8's helpers. 13–19 MB less after 3,000 random pages, with a render thread and
 * without, and no fewer pages a second (decision 406). Not on the embedded database: beside its
 * `mmap_threshold`, two arenas held 20–30 MB more after `npm run memory` (254–268 MB, 231–235
 * without).
 */
export const SERVER_GLIBC_TUNABLES = "glibc.malloc.arena_max=2";

/** The flags for a server started with `env` (its whole environment). */
export const serverNodeFlags = (env) => (env.DATABASE_URL ? SERVER_NODE_FLAGS : EMBEDDED_NODE_FLAGS);

/** What the server's environment gains over `env`: glibc's tunables, unless the operator set their own. */
export const serverEnvAdditions = (env) =>
  env.GLIBC_TUNABLES ? {} : { GLIBC_TUNABLES: env.DATABASE_URL ? SERVER_GLIBC_TUNABLES : EMBEDDED_GLIBC_TUNABLES };
