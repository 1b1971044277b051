import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import {
  HONEYPOT_FIELD,
  kitOrderOut,
  kitOrderReference,
  kitOrderSchema,
  kitOrderSentOut,
  orderExportSchema,
  orderListSchema,
  orderStatusSchema,
} from '../../../domain/schemas/public';
import { publicInboxInScope } from '../../auth/scope';
import { actorOf } from '../../plugins/access';
import {
  countNewKitOrders,
  findKitOrder,
  kitOrderBatches,
  listKitOrders,
  presentKitOrder,
  type KitOrderRow,
} from '../../repositories/kitOrders';
import {
  changeKitOrderStatus,
  mailAdmins,
  mailOrderer,
  orderConfirmationMail,
  orderMail,
  storeKitOrder,
} from '../../services/publicInbox';
import { recordSend, refuseWhenTooMany, requireChallengeAfterRepeats } from '../../services/publicSends';
import { sendWorkbook } from '../../adapters/xlsx';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams } from '../schemas';
import { exportText } from './exportText';

/** A public send is small: 16 KB is far more than the longest order. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** The kit order (POST /contact/us) and the orders in the console. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const adminMail = { db, mailer: app.mailer };

  app.post(
    '/contact/us',
    {
      config: { access: 'public' },
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: {
        tags: ['public'],
        body: kitOrderSchema,
        response: { 200: kitOrderSentOut, 400: errorOut, 413: errorOut, 429: errorOut },
      },
    },
    async (request) => {
      const input = request.body;
      const sent = await refuseWhenTooMany(db, request.ip);
      const done = (id: number) => ({
        message: 'done',
        key: 'app.public.orderSent',
        order: {
          reference: kitOrderReference(id),
          entity: input.entity,
          kits_no: input.kits_no,
          contact_name: input.contact_name,
          email: input.email,
          phone_number: input.phone_number,
          address: input.address,
          comment: input.comment ?? null,
        },
      });
      if (input[HONEYPOT_FIELD]) {
        // a robot: an answer of the same shape as a person gets (a reference no order has), nothing stored or mailed
        await recordSend(db, request.ip, 'order');
        request.log.warn({ event: 'public.order.honeypot' }, 'kit order refused: the honeypot field was filled');
        return done(randomInt(100_000, 1_000_000));
      }
      await requireChallengeAfterRepeats(app.challenges, sent, input.captcha);
      // the admins' top bar, in the same transaction as the order
      const order = await storeKitOrder(db, request.ip, input);
      request.log.info({ event: 'public.order.created', orderId: order.id }, 'kit order stored');
      await mailAdmins(
        adminMail,
        request.log,
        orderMail({ ...input, id: order.id }, `${app.config.publicUrl}/orders/${order.id}/show`),
        'public.order',
      );
      const answer = done(order.id);
      await mailOrderer(
        adminMail,
        request.log,
        input.email,
        orderConfirmationMail(input, answer.order.reference),
        order.id,
      );
      return answer;
    },
  );

  app.post(
    '/contact/orders',
    {
      config: { access: 'publicSite.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['public'],
        body: orderListSchema,
        response: { 200: z.object({ orders: z.array(kitOrderOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      return listKitOrders(db, publicInboxInScope(actorOf(request)), request.body);
    },
  );

  app.get(
    '/contact/orders/new_count',
    {
      config: { access: 'publicSite.manage' },
      schema: { tags: ['public'], response: { 200: z.object({ count: z.number() }), ...authErrors } },
    },
    async (request) => {
      return { count: await countNewKitOrders(db, publicInboxInScope(actorOf(request))) };
    },
  );

  app.get(
    '/contact/orders/export',
    {
      config: { access: 'publicSite.manage' },
      schema: { tags: ['public'], querystring: orderExportSchema, ...authErrors },
    },
    async (request, reply) => {
      const f = request.query;
      const t = exportText(f.locale);
      const rows = kitOrderBatches(db, publicInboxInScope(actorOf(request)), f);
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
            value: (row: KitOrderRow) => (word === 'status' ? t(row.status as 'new') : row[word]),
          })),
          rows,
        },
      ]);
    },
  );

  app.get(
    '/contact/orders/:id',
    {
      config: { access: 'publicSite.manage' },
      schema: {
        tags: ['public'],
        params: idParams,
        response: { 200: z.object({ order: kitOrderOut }), ...authErrors },
      },
    },
    async (request) => ({
      order: presentKitOrder(await findKitOrder(db, request.params.id, publicInboxInScope(actorOf(request)))),
    }),
  );

  app.put(
    '/contact/orders/:id/status',
    {
      config: { access: 'publicSite.manage' },
      schema: {
        tags: ['public'],
        params: idParams,
        body: orderStatusSchema,
        response: { 200: z.object({ order: kitOrderOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { status } = request.body;
      const scope = publicInboxInScope(actor);
      const order = await changeKitOrderStatus(db, actor.id, request.params.id, scope, request.body);
      request.log.info({ event: 'public.order.status', orderId: order.id, status }, 'kit order status changed');
      return { order: presentKitOrder(order) };
    },
  );
};
