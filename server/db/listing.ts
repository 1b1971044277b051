/**
 * What the list reads share (docs/API.md "Lists"): a page beside its total,
 * the search count's cap, the order, a "contains" search. The routes' side of
 * a list (its filter from the body or the query) is server/routes/listing.ts.
 */
import { asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A page of a list and its total, as two queries run side by side. One query
 * with count(*) over() would build every matching row (with its joins) before
 * keeping the page, and would give no total past the last page.
 */
export async function pageAndTotal<T>(
  page: PromiseLike<T[]>,
  total: PromiseLike<{ n: number }[]>,
): Promise<{ rows: T[]; total: number }> {
  const [rows, [counted]] = await Promise.all([page, total]);
  return { rows, total: counted.n };
}

/**
 * A search's total is counted up to this many matches (docs/API.md "Lists"):
 * counting all 40,000 matches of a common word costs ten times more than finding the page, so
 * past the cap the answer says `count_capped` and the console shows "more than".
 */
export const SEARCH_COUNT_CAP = 500;

/** A search's total as the answer gives it: exact up to the cap, else the cap and `count_capped`. */
export const cappedTotal = (counted: number) => ({
  count: Math.min(counted, SEARCH_COUNT_CAP),
  count_capped: counted > SEARCH_COUNT_CAP,
});

export const orderBy = (column: AnyColumn, direction: 'asc' | 'desc') =>
  direction === 'asc' ? asc(column) : desc(column);

/** The LIKE pattern "contains this text": % and _ in the text match themselves (the one LIKE escape of the server). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A case-insensitive "contains" over some columns (or SQL expressions, e.g. a JSON field). */
export function searchCondition(text: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = likePattern(text);
  return or(...columns.map((c) => ilike(c, pattern)));
}
