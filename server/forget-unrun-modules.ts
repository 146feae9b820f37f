/**
 * Lets go of the CommonJS files Node read only to list their exports and never ran.
 *
 * When an ES module imports a CommonJS package, Node reads the package's entry to learn its export
 * names, and every file that entry may re-export: React's `index.js` re-exports its production or
 * its development build depending on NODE_ENV, so Node reads both, runs one, and keeps the other's
 * whole source in its module cache for good (react-dom's development build alone is 2 MB of heap).
 * It is kept in each thread that loads the bundle, the main one and every render thread.
 *
 * A module in the cache that never ran (`loaded` false) once every import has settled is such a
 * file; dropping it from the cache lets the collector have its source. Were it ever required after
 * all, Node would read it again. Decision 406.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** Drops the never-run modules from Node's CommonJS cache; returns how many. */
export function forgetUnrunModules(): number {
  let forgotten = 0;
  for (const [file, module] of Object.entries(require.cache)) {
    if (module && !module.loaded) {
      delete require.cache[file];
      forgotten++;
    }
  }
  return forgotten;
}
