import type { FastifyPluginAsync } from 'fastify';
import { ordersRoutes } from './orders';
import { samplePdfRoutes } from './samplePdf';

/** The public pages' calls (docs/api/public.md): the kit order and its sample, and the orders in the console. */
export const publicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(samplePdfRoutes);
  await app.register(ordersRoutes);
};
