// `npm run restore <file>`: a backup of `npm run backup` into an empty DATA_DIR (PGlite) or an empty
// PostgreSQL database (DATABASE_URL), its pictures and attachments into the configured storage.
import { loadBuiltServer } from "./built-server-module.mjs";

const { restoreCommand } = await loadBuiltServer();
try {
  console.log(await restoreCommand(process.argv[2]));
} catch (err) {
  console.error(`restore failed: ${err.message}`);
  process.exit(1);
}
