import { PGlite } from "@electric-sql/pglite";

/**
 * PostgreSQL settings for the embedded database of a small shop. PGlite starts PostgreSQL with the
 * server defaults (shared_buffers 128 MB, maintenance_work_mem 64 MB), sized for a dedicated
 * database machine; inside the shop's own process those buffers are WebAssembly memory the process
 * keeps. A small shop's catalogue and orders fit in a few megabytes, so the caches are cut to what
 * it uses. The large-shop path is PostgreSQL (DATABASE_URL), whose settings are its operator's.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: "16MB",
  work_mem: "2MB",
  maintenance_work_mem: "16MB",
  temp_buffers: "2MB",
  // A planner hint only (no memory is taken); the default 4 GB would favour index plans that
  // assume a page cache the embedded database does not have.
  effective_cache_size: "64MB",
};

/** PGlite's own start parameters followed by the settings above, as `-c name=value` pairs. */
export function pgliteStartParams(): string[] {
  const params = [...PGlite.defaultStartParams];
  for (const [name, value] of Object.entries(PGLITE_SETTINGS)) params.push("-c", `${name}=${value}`);
  return params;
}
