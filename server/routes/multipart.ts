import type { FastifyRequest } from 'fastify';
import { hasControlCharacters } from '../../domain/schemas/fields';
import { AppError, badRequest } from '../errors';

export interface FormData {
  fields: Record<string, string>;
  file?: { field: string; data: Buffer };
}

/** Reads a multipart form (at most one file, 20 MB) or a JSON body into the same shape. */
export async function readForm(request: FastifyRequest): Promise<FormData> {
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      throw badRequest('app.errors.badRequest', { root: 'app.validation.invalid' });
    return { fields: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v as string])) };
  }
  const form: FormData = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length) form.file = { field: part.fieldname, data };
      } else {
        const name = part.fieldname.replace(/\[\]$/, '');
        const value = String(part.value);
        if (hasControlCharacters(name) || hasControlCharacters(value)) {
          throw badRequest('app.errors.badRequest', {
            [hasControlCharacters(name) ? 'root' : name]: 'app.validation.invalidCharacters',
          });
        }
        form.fields[name] = value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // too large, too many files or parts keep their own answer (plugins/errorHandler.ts); a malformed body is bad input
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw badRequest();
  }
  return form;
}
