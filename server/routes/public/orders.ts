import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ORDER_STATUS } from '../../../domain/codes';
import {
  HONEYPOT_FIELD,
  kitOrderSchema,
  orderExportSchema,
  orderListSchema,
  orderStatusSchema,
  type KitOrderInput,
} from '../../../domain/schemas/public';
import { publicInboxInScope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { kitOrders, users } from '../../db/schema';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { writeLog } from '../../services/audit';
import { notify } from '../../services/notifications';
import { recordSend, refuseWhenTooMany, requireChallengeAfterRepeats } from '../../services/publicSends';
import { sendWorkbook } from '../../adapters/xlsx';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';
import { exportText } from './exportText';
import { mailIn } from '../../services/mailText';
import { ADMIN_MAIL_LOCALES, consoleBase, mailAdminsLater, platformAdmins } from './notify';

/** A public send is small: 16 KB is far more than the longest order. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

const orderOut = z.object({
  id: z.number(),
  email: z.string(),
  entity: z.string(),
  kits_no: z.number(),
  contact_name: z.string(),
  phone_number: z.string(),
  address: z.string(),
  comment: z.string().nullable(),
  locale: z.string().nullable(),
  status: z.string(),
  note: z.string().nullable(),
  handled_by: z.number().nullable(),
  handled_by_name: z.string().nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
type OrderOut = z.infer<typeof orderOut>;

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
type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

const present = (row: OrderRow): OrderOut => ({
  ...row,
  handled_at: row.handled_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/**
 * The mail the admins get for a new order: whole in Arabic, the product's first language, then in English
 * (the admins' own languages are not stored).
 */
const orderMail = (order: KitOrderInput & { id: number }, link: string) => ({
  replyTo: order.email,
  ...mailIn(ADMIN_MAIL_LOCALES, (t) => ({
    subject: t('mail.order.subject', { entity: order.entity, kits: order.kits_no }),
    lines: [
      t('mail.order.intro'),
      '',
      `${t('public.column.entity')}: ${order.entity}`,
      `${t('public.column.kits_no')}: ${order.kits_no}`,
      `${t('public.column.contact_name')}: ${order.contact_name}`,
      `${t('public.column.email')}: ${order.email}`,
      `${t('public.column.phone_number')}: ${order.phone_number}`,
      `${t('public.column.address')}: ${order.address}`,
      `${t('public.column.comment')}: ${order.comment ?? '-'}`,
      '',
      t('mail.order.open', { url: link }),
    ],
  })),
});

/** The kit order (POST /contact/us) and the orders in the console. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/contact/us',
    {
      config: { access: 'public' },
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: {
        tags: ['public'],
        body: kitOrderSchema,
        response: { 200: messageOut, 400: errorOut, 413: errorOut, 429: errorOut },
      },
    },
    async (request) => {
      const input = request.body;
      const sent = await refuseWhenTooMany(db, request.ip);
      const done = { message: 'done', key: 'app.public.orderSent' };
      if (input[HONEYPOT_FIELD]) {
        // a robot: the same answer as a person gets, but nothing is stored or mailed
        await recordSend(db, request.ip, 'order');
        request.log.warn({ event: 'public.order.honeypot' }, 'kit order refused: the honeypot field was filled');
        return done;
      }
      await requireChallengeAfterRepeats(app.challenges, sent, input.captcha);
      const order = await db.transaction(async (tx) => {
        const [row] = await tx
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
        await recordSend(tx, request.ip, 'order');
        // the admins' top bar, in the same transaction as the order
        await notify(
          tx,
          ...(await platformAdmins(tx)).map((a) => ({
            userId: a.id,
            type: 'kit_order' as const,
            params: { entity: input.entity, kits_no: input.kits_no },
            link: `/orders/${row.id}/show`,
          })),
        );
        return row;
      });
      request.log.info({ event: 'public.order.created', orderId: order.id }, 'kit order stored');
      mailAdminsLater(
        app,
        request.log,
        orderMail({ ...input, id: order.id }, `${consoleBase(app)}/orders/${order.id}/show`),
        'public.order',
      );
      return done;
    },
  );

  app.post(
    '/contact/orders',
    {
      config: { access: 'access_public' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['public'],
        body: orderListSchema,
        response: { 200: z.object({ orders: z.array(orderOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const f = request.body;
      const where = and(
        publicInboxInScope(actorOf(request)),
        f.status ? eq(kitOrders.status, f.status) : undefined,
        searchCondition(f.search_text, [
          kitOrders.entity,
          kitOrders.email,
          kitOrders.contactName,
          kitOrders.phoneNumber,
          kitOrders.address,
        ]),
      );
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
      return { orders: rows.map(({ total: _total, ...row }) => present(row)), count: total };
    },
  );

  app.get(
    '/contact/orders/new_count',
    {
      config: { access: 'access_public' },
      schema: { tags: ['public'], response: { 200: z.object({ count: z.number() }), ...authErrors } },
    },
    async (request) => {
      const [row] = await db
        .select({ n: count() })
        .from(kitOrders)
        .where(and(publicInboxInScope(actorOf(request)), eq(kitOrders.status, ORDER_STATUS.new)));
      return { count: row.n };
    },
  );

  app.get(
    '/contact/orders/export',
    {
      config: { access: 'access_public' },
      schema: { tags: ['public'], querystring: orderExportSchema, ...authErrors },
    },
    async (request, reply) => {
      const f = request.query;
      const t = exportText(f.locale);
      const where = and(
        publicInboxInScope(actorOf(request)),
        f.status ? eq(kitOrders.status, f.status) : undefined,
        searchCondition(f.search_text, [
          kitOrders.entity,
          kitOrders.email,
          kitOrders.contactName,
          kitOrders.phoneNumber,
          kitOrders.address,
        ]),
      );
      async function* batches() {
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
      const words = [
        'id',
        'created_at',
        'entity',
        'kits_no',
        'contact_name',
        'email',
        'phone_number',
        'address',
        'comment',
        'status',
        'note',
        'handled_by_name',
        'handled_at',
      ] as const;
      return sendWorkbook(reply, `kit-orders-${new Date().toISOString().slice(0, 10)}.xlsx`, [
        {
          name: t('orders'),
          rtl: (f.locale ?? 'ar') === 'ar',
          columns: words.map((word) => ({
            header: t(word),
            width: word === 'address' || word === 'comment' || word === 'note' ? 40 : 20,
            value: (row: OrderRow) => (word === 'status' ? t(row.status as 'new') : row[word]),
          })),
          rows: batches(),
        },
      ]);
    },
  );

  const findOrder = async (tx: Executor, id: number, scope: ReturnType<typeof publicInboxInScope>) => {
    const [row] = await selectOrders(tx).where(and(eq(kitOrders.id, id), scope));
    if (!row) throw notFound();
    return row;
  };

  app.get(
    '/contact/orders/:id',
    {
      config: { access: 'access_public' },
      schema: { tags: ['public'], params: idParams, response: { 200: z.object({ order: orderOut }), ...authErrors } },
    },
    async (request) => ({
      order: present(await findOrder(db, request.params.id, publicInboxInScope(actorOf(request)))),
    }),
  );

  app.put(
    '/contact/orders/:id/status',
    {
      config: { access: 'access_public' },
      schema: {
        tags: ['public'],
        params: idParams,
        body: orderStatusSchema,
        response: { 200: z.object({ order: orderOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { status, note } = request.body;
      const order = await db.transaction(async (tx) => {
        const before = await findOrder(tx, request.params.id, publicInboxInScope(actor));
        await tx
          .update(kitOrders)
          .set({ status, note: note ?? null, handledBy: actor.id, handledAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(kitOrders.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'change_status',
          entity: 'kit_order',
          entityId: before.id,
          oldValue: { status: before.status, note: before.note },
          newValue: { status, note: note ?? null },
        });
        return findOrder(tx, before.id, undefined);
      });
      request.log.info({ event: 'public.order.status', orderId: order.id, status }, 'kit order status changed');
      return { order: present(order) };
    },
  );
};
