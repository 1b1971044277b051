import { messageText, type MessageKey } from '../domain/messages';

/**
 * An error the client should see: an HTTP status, an i18n key (domain/messages.ts)
 * and, for bad input, field errors `{ field: key }`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly errors?: Record<string, string>,
  ) {
    super(messageText(key));
  }
}

export const badRequest = (key: MessageKey = 'app.errors.badRequest', errors?: Record<string, string>) =>
  new AppError(400, key, errors);
export const fieldError = (field: string, key: MessageKey, status = 400) => new AppError(status, key, { [field]: key });
export const unauthenticated = () => new AppError(401, 'app.errors.unauthenticated');
export const forbidden = () => new AppError(403, 'app.errors.forbidden');
export const notFound = () => new AppError(404, 'app.errors.notFound');
export const conflict = (key: MessageKey, errors?: Record<string, string>) => new AppError(409, key, errors);

/** Validates data that did not go through a route schema (multipart forms): 400 with field errors. */
export function parseInput<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  data: unknown,
): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'root';
    if (!(field in errors)) errors[field] = issue.message.startsWith('app.') ? issue.message : 'app.validation.invalid';
  }
  throw new AppError(400, 'app.errors.badRequest', errors);
}
