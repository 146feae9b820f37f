// `npm run backup`: a timestamped backup of the database and every upload, into BACKUP_DIR (default
// DATA_DIR/backups), with the same environment as the shop. PGlite's dump is taken by the running
// shop itself when one runs on DATA_DIR (server/ops/live-backup.ts); PostgreSQL's by pg_dump.
import { loadBuiltServer } from "./built-server-module.mjs";

const { backupCommand } = await loadBuiltServer();
try {
  console.log(await backupCommand());
} catch (err) {
  console.error(`backup failed: ${err.message}`);
  process.exit(1);
}
