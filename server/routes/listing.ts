import type { preValidationHookHandler } from 'fastify';
import { badRequest } from '../errors';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * List calls read their filter from the body, the query string, or both
 * (body wins). A body that is not an object (an array, a string, null) is
 * bad input: 400, not the default page.
 */
export const filterFromBodyOrQuery: preValidationHookHandler = (request, _reply, done) => {
  const body = request.body;
  if (body !== undefined && !isPlainObject(body)) {
    done(badRequest('app.errors.badRequest', { root: 'app.validation.invalid' }));
    return;
  }
  request.body = { ...(request.query as object), ...(body ?? {}) };
  done();
};
