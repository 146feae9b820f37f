import type { Db } from "./client";

/**
 * A read built by Drizzle once per database and then only executed, as a named statement that
 * PostgreSQL parses and plans once per connection (decision 321: building a query was a tenth of a
 * product page's database CPU). Per database because tests open several in one process.
 */
export function preparedPerDatabase<P>(prepare: (db: Db) => P): (db: Db) => P {
  const byDatabase = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = prepare(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
