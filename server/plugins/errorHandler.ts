import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, messageText, type MessageKey } from '../../domain/messages';
import { databaseErrorCode } from '../db/errors';
import { AppError } from '../errors';

const isMessageKey = (v: string): v is MessageKey => v in MESSAGES;

/** Zod issues → `{ field: key }`; a message that is not one of our keys becomes 'app.validation.invalid'. */
function fieldErrors(
  validation: { instancePath: string; message?: string }[],
  context?: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'root';
    if (!(field in errors))
      errors[field] = issue.message && isMessageKey(issue.message) ? issue.message : 'app.validation.invalid';
  }
  return errors;
}

/** Fields of a list or search whose error, when it is the only one, is the answer's own message (not "check the form"). */
const FILTER_FIELDS = new Set(['order_by', 'order_direction', 'search_text', 'search']);

const send = (status: number, key: MessageKey, errors?: Record<string, string>) => ({
  status,
  body: { message: messageText(key), key, ...(errors ? { errors } : {}) },
});

/**
 * Errors of the router, before any route or hook (Fastify's frameworkErrors):
 * a path segment that is not valid URL encoding is bad input, a path
 * parameter longer than any key (maxParamLength) names nothing there is.
 * Answered like every other error, with a message key.
 */
export function frameworkErrors(error: { code?: string }, _request: FastifyRequest, reply: FastifyReply) {
  const out =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? send(404, 'app.errors.notFound') : send(400, 'app.errors.badRequest');
  reply.code(out.status).send(out.body);
}

/**
 * What the log keeps of an error: its name and code (PostgreSQL's SQLSTATE,
 * Fastify's FST_*), the constraint or column it names, and the stack frames.
 * Never its message: a database error's message holds the query and its
 * parameters (emails, password hashes, children's data), a JSON parse error
 * quotes the body. Used as the logger's `err` serializer, so every
 * `log.x({ err })` in the server is safe.
 */
export function safeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!error || typeof error !== 'object') return { type: typeof error, message: typeof error, stack: '' };
  const e = error as { name?: unknown; code?: unknown; statusCode?: unknown; stack?: unknown };
  const named: { constraint?: string; table?: string; column?: string } = {};
  for (
    let c = error as ({ cause?: unknown } & typeof named) | undefined;
    c && typeof c === 'object';
    c = c.cause as typeof c
  ) {
    for (const k of ['constraint', 'table', 'column'] as const)
      if (named[k] === undefined && typeof c[k] === 'string') named[k] = c[k];
  }
  const type = typeof e.name === 'string' ? e.name : 'Error';
  const code = databaseErrorCode(error) ?? (typeof e.code === 'string' ? e.code : undefined);
  return {
    type,
    // not the error's own message: it may hold the query's values
    message: code ? `${type} ${code}` : type,
    ...(code ? { code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(error instanceof AppError ? { key: error.key } : {}),
    ...named,
    stack:
      typeof e.stack === 'string'
        ? e.stack
            .split('\n')
            .filter((l) => /^\s+at /.test(l))
            .join('\n')
        : '',
  };
}

/**
 * PostgreSQL errors that bad input can still cause once the schemas have
 * passed it (a race on a unique value, a row still referenced): 409 for
 * constraint conflicts, 400 for data the column refuses (class 22, not-null,
 * check). Anything else is a server fault.
 */
function databaseAnswer(code: string | undefined) {
  if (!code) return undefined;
  if (code === '23505') return send(409, 'app.errors.duplicate');
  if (code === '23503') return send(409, 'app.errors.inUse');
  if (code.startsWith('22') || code === '23502' || code === '23514') return send(400, 'app.errors.badRequest');
  return undefined;
}

/** Errors of the body parser and @fastify/multipart, by their code. */
function requestAnswer(error: FastifyError) {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return send(413, 'app.errors.requestTooLarge');
    case 'FST_REQ_FILE_TOO_LARGE':
      return send(413, 'app.errors.payloadTooLarge');
    case 'FST_FILES_LIMIT':
      return send(400, 'app.errors.tooManyFiles');
    default:
      return error.statusCode === 413 ? send(413, 'app.errors.requestTooLarge') : undefined;
  }
}

/**
 * One error handler (docs/ARCHITECTURE.md §3 "Errors"): 4xx carry a message key and field errors;
 * 5xx say only "Internal Server Error". The log gets the error's code, the
 * route and the request id (safeError), never the values of the request.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const route = request.routeOptions.url;
    let out;
    if (error instanceof AppError) out = send(error.statusCode, error.key, error.errors);
    else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation, error.validationContext);
      const only = Object.keys(errors);
      const key =
        only.length === 1 && FILTER_FIELDS.has(only[0]) ? (errors[only[0]] as MessageKey) : 'app.errors.badRequest';
      out = send(400, key, errors);
    } else if ((out = requestAnswer(error))) {
      // the request's size or shape
    } else if ((out = databaseAnswer(databaseErrorCode(error)))) {
      request.log.warn({ err: error, route }, 'refused by the database');
    } else if (error.statusCode === 429) out = send(429, 'app.errors.tooManyAttempts');
    else if (error.statusCode === 404) out = send(404, 'app.errors.notFound');
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error, route }, 'bad request');
      out = send(400, 'app.errors.badRequest');
    } else {
      request.log.error({ err: error, route }, 'request failed');
      out = send(500, 'app.errors.internal');
    }
    // a rate limit says when its window ends; the login limit lifts within minutes
    if (out.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    reply.code(out.status).send(out.body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(send(404, 'app.errors.notFound').body);
  });
}
