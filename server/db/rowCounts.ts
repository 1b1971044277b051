import { inArray } from 'drizzle-orm';
import type { Executor } from './client';
import { rowCounts } from './schema';

/** The counters kept exact by triggers (migration 0012_row_count_triggers.sql). */
export type CountedRows = 'activities' | 'activities.evaluated' | 'children';

/**
 * Exact row counts read from `row_counts` instead of counting the rows: for
 * the platform-wide totals of the largest tables (all activities, all
 * children), which count(*) would scan on every request.
 */
export async function countedRows<K extends CountedRows>(
  db: Executor,
  names: readonly K[],
): Promise<Record<K, number>> {
  const rows = await db
    .select()
    .from(rowCounts)
    .where(inArray(rowCounts.name, [...names]));
  const found = new Map(rows.map((r) => [r.name, r.n]));
  return Object.fromEntries(names.map((name) => [name, found.get(name) ?? 0])) as Record<K, number>;
}
