import { asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { preValidationHookHandler } from 'fastify';

/** List calls read their filter from the body, the query string, or both (body wins). */
export const filterFromBodyOrQuery: preValidationHookHandler = (request, _reply, done) => {
  request.body = { ...(request.query as object), ...((request.body as object | undefined) ?? {}) };
  done();
};

export const orderBy = (column: AnyColumn, direction: 'asc' | 'desc') => (direction === 'asc' ? asc(column) : desc(column));

/** A case-insensitive "contains" over some columns; % and _ in the text match themselves. */
export function searchCondition(text: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}
