/**
 * Queries built once and run many times with their values (Drizzle's
 * prepare() with sql.placeholder). Building a query costs the server more than
 * one would think: for the activities page (30 columns, four name subqueries)
 * about 0.5 ms a call, as long as PostgreSQL takes to run it (README "List calls
 * on a large database"). A query is kept under a key that must name everything
 * its build reads besides the placeholders: the shape (which filters, which
 * order) and the values written into it (an actor's scope: scopeKey in
 * server/auth/scope.ts). Kept per database handle, the most recently used
 * MAX_KEPT; a transaction's are its own.
 */
import type { Executor } from './client';

export const MAX_KEPT = 1000;

const keptByHandle = new WeakMap<Executor, Map<string, unknown>>();

/** The query kept under `key` for this handle, built by `build` the first time (or again after it was dropped). */
export function builtOnce<T>(db: Executor, key: string, build: () => T): T {
  let kept = keptByHandle.get(db);
  if (!kept) {
    kept = new Map();
    keptByHandle.set(db, kept);
  }
  let query = kept.get(key) as T | undefined;
  if (query === undefined) {
    query = build();
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  } else {
    kept.delete(key); // a Map keeps insertion order: set again, it is the most recently used
  }
  kept.set(key, query);
  return query;
}

/**
 * The name given to Drizzle's prepare(): none. A named statement is prepared
 * on the server by node-postgres, and PostgreSQL may then plan it once for any
 * value (a title search ran 2.8× slower on that generic plan); unnamed, it is
 * parsed and planned for its values every time, as a query built each time is.
 * Only Drizzle's building is saved.
 */
export const UNNAMED = undefined as unknown as string;
