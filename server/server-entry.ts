/**
 * The server's own half of the bundle: the boot, Fastify and its plugins, the database drivers,
 * mail, documents and the command-line tools. server/app-entry.ts imports it on demand, so the
 * launcher, the scripts and the tests get it, and a render thread, which loads the same bundle to
 * render pages (decision 405), never does (decision 406: a thread's memory).
 */
export { startServer } from "./main";
export { buildApp } from "./app";
export { loadConfig } from "./config";
export { migrateDatabase, openDatabase } from "./db/client";
export { seedOnStart } from "./db/seed";
export { backupCommand, restoreCommand } from "./ops/commands";
