import type { FastifyPluginAsync } from 'fastify';
import { formsRoutes } from './forms';
import { ordersRoutes } from './orders';
import { samplePdfRoutes } from './samplePdf';

/** The public pages' calls (docs/api/public.md): the kit order and its sample, the orders in the console, admin-defined forms and their answers. */
export const publicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(samplePdfRoutes);
  await app.register(ordersRoutes);
  await app.register(formsRoutes);
};
