import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasControlCharacters } from '../../domain/schemas/fields';
import { badRequest } from '../errors';

/**
 * The first place of the shared hardening (issue 9): before any route's
 * schema, every string of the request — JSON body, query, path parameters,
 * and object keys — is checked for control characters (NUL, escape...; tab
 * and line breaks are fine) and lone surrogates. No column wants them and
 * PostgreSQL refuses NUL, so they answer 400 here even on a route whose
 * schema forgot a field, or ignores unknown ones. Multipart fields are
 * checked the same way as they are read (routes/multipart.ts).
 */
export function firstControlCharacterPath(value: unknown, root: string): string | undefined {
  // an explicit stack: a deeply nested body must not exhaust the call stack
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasControlCharacters(v)) return path;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (hasControlCharacters(k)) return path;
        stack.push([child, path ? `${path}.${k}` : k]);
      }
    }
  }
  return undefined;
}

const check = (request: FastifyRequest) => {
  for (const [part, value] of [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    const path = firstControlCharacterPath(value, '');
    if (path !== undefined) {
      request.log.info({ event: 'input.control_characters', part }, 'refused: control characters in the request');
      throw badRequest('app.errors.badRequest', { [path || 'root']: 'app.validation.invalidCharacters' });
    }
  }
};

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => check(request));
}
