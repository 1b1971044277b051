import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ORDER_STATUS } from '../../domain/codes';
import {
  kitOrderReference,
  type KitOrderInput,
  type orderExportSchema,
  type orderListSchema,
} from '../../domain/schemas/public';
import type { Executor } from '../db/client';
import { orderBy, searchCondition } from '../db/listing';
import { kitOrders, users } from '../db/schema';
import { notFound } from '../errors';

const columns = {
  id: kitOrders.id,
  email: kitOrders.email,
  entity: kitOrders.entity,
  kits_no: kitOrders.kitsNo,
  contact_name: kitOrders.contactName,
  phone_number: kitOrders.phoneNumber,
  address: kitOrders.address,
  comment: kitOrders.comment,
  locale: kitOrders.locale,
  status: kitOrders.status,
  note: kitOrders.note,
  handled_by: kitOrders.handledBy,
  handled_by_name: users.name,
  handled_at: kitOrders.handledAt,
  created_at: kitOrders.createdAt,
  updated_at: kitOrders.updatedAt,
};

const ORDER = {
  created_at: kitOrders.createdAt,
  id: kitOrders.id,
  kits_no: kitOrders.kitsNo,
  entity: kitOrders.entity,
  status: kitOrders.status,
};

const selectOrders = (db: Executor) =>
  db.select(columns).from(kitOrders).leftJoin(users, eq(users.id, kitOrders.handledBy));
export type KitOrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

/** A kit order as the API shows it. */
export const presentKitOrder = (row: KitOrderRow) => ({
  ...row,
  reference: kitOrderReference(row.id),
  handled_at: row.handled_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** A search that is an order's reference number (NK-000123, as the orderer quotes it): that order's id. */
const REFERENCE_SEARCH = /^\s*NK-?0*(\d{1,9})\s*$/i;

/**
 * The filter of the list and the export: scope, status, and a search in the order's text fields, or by the
 * order's reference number.
 */
const ordersWhere = (scope: SQL | undefined, f: { status?: string; search_text?: string }) => {
  const reference = f.search_text ? REFERENCE_SEARCH.exec(f.search_text) : null;
  return and(
    scope,
    f.status ? eq(kitOrders.status, f.status) : undefined,
    reference ? eq(kitOrders.id, Number(reference[1])) : undefined,
    searchCondition(reference ? undefined : f.search_text, [
      kitOrders.entity,
      kitOrders.email,
      kitOrders.contactName,
      kitOrders.phoneNumber,
      kitOrders.address,
    ]),
  );
};

/** A page of the orders in scope, with the total (counted with the page, or on its own past the last page). */
export async function listKitOrders(db: Executor, scope: SQL | undefined, f: z.infer<typeof orderListSchema>) {
  const where = ordersWhere(scope, f);
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(kitOrders)
    .leftJoin(users, eq(users.id, kitOrders.handledBy))
    .where(where)
    .orderBy(orderBy(ORDER[f.order_by], f.order_direction), desc(kitOrders.id))
    .limit(f.limit)
    .offset(f.offset);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && f.offset > 0) [{ total }] = await db.select({ total: count() }).from(kitOrders).where(where);
  return { orders: rows.map(({ total: _total, ...row }) => presentKitOrder(row)), count: total };
}

/** How many orders in scope are new. */
export async function countNewKitOrders(db: Executor, scope: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(kitOrders)
    .where(and(scope, eq(kitOrders.status, ORDER_STATUS.new)));
  return row.n;
}

/** The filtered orders in scope, in the list's order, in batches of 500 (for an export). */
export async function* kitOrderBatches(
  db: Executor,
  scope: SQL | undefined,
  f: z.infer<typeof orderExportSchema>,
): AsyncGenerator<KitOrderRow[]> {
  const where = ordersWhere(scope, f);
  for (let offset = 0; ; offset += 500) {
    const rows = await selectOrders(db)
      .where(where)
      .orderBy(orderBy(ORDER[f.order_by], f.order_direction), desc(kitOrders.id))
      .limit(500)
      .offset(offset);
    if (rows.length) yield rows;
    if (rows.length < 500) return;
  }
}

/** An order the actor may see (the public inbox's scope condition), or 404. */
export async function findKitOrder(db: Executor, id: number, scope: SQL | undefined): Promise<KitOrderRow> {
  const [row] = await selectOrders(db).where(and(eq(kitOrders.id, id), scope));
  if (!row) throw notFound();
  return row;
}

/** Stores a visitor's kit order; its id. */
export async function insertKitOrder(db: Executor, input: KitOrderInput) {
  const [row] = await db
    .insert(kitOrders)
    .values({
      email: input.email,
      entity: input.entity,
      kitsNo: input.kits_no,
      contactName: input.contact_name,
      phoneNumber: input.phone_number,
      address: input.address,
      comment: input.comment ?? null,
      locale: input.locale ?? null,
    })
    .returning({ id: kitOrders.id });
  return row;
}

/** Sets an order's status and note, handled by the actor now. */
export async function setKitOrderStatus(
  db: Executor,
  id: number,
  handledBy: number,
  status: string,
  note: string | null,
) {
  await db
    .update(kitOrders)
    .set({ status, note, handledBy, handledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(kitOrders.id, id));
}
