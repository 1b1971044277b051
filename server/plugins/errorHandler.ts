import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, messageText, type MessageKey } from '../../domain/messages';
import { AppError } from '../errors';

const isMessageKey = (v: string): v is MessageKey => v in MESSAGES;

/** Zod issues → `{ field: key }`; a message that is not one of our keys becomes 'app.validation.invalid'. */
function fieldErrors(validation: { instancePath: string; message?: string }[], context?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || context || 'root';
    if (!(field in errors)) errors[field] = issue.message && isMessageKey(issue.message) ? issue.message : 'app.validation.invalid';
  }
  return errors;
}

const send = (status: number, key: MessageKey, errors?: Record<string, string>) => ({
  status,
  body: { message: messageText(key), key, ...(errors ? { errors } : {}) },
});

/**
 * One error handler (STYLE.md 13): 4xx carry a message key and field errors;
 * 5xx say only "Internal Server Error" and log the details with the request id.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let out;
    if (error instanceof AppError) out = send(error.statusCode, error.key, error.errors);
    else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation, error.validationContext);
      const only = Object.keys(errors);
      const key = only.length === 1 && (only[0] === 'order_by' || only[0] === 'order_direction') ? 'app.validation.invalidOrder' : 'app.errors.badRequest';
      out = send(400, key, errors);
    } else if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      out = send(413, 'app.errors.payloadTooLarge');
    } else if (error.statusCode === 429) out = send(429, 'app.errors.tooManyAttempts');
    else if (error.statusCode === 404) out = send(404, 'app.errors.notFound');
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'bad request');
      out = send(400, 'app.errors.badRequest');
    } else {
      request.log.error({ err: error }, 'request failed');
      out = send(500, 'app.errors.internal');
    }
    if (out.status === 429) reply.header('retry-after', '60');
    reply.code(out.status).send(out.body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(send(404, 'app.errors.notFound').body);
  });
}
