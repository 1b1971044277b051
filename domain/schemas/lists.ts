import { z } from 'zod';
import { PAGE_SIZES } from '../codes';

/**
 * The list filter of SPEC.md §3: limit, offset, search_text, order_by,
 * order_direction, status. order_by is checked against the list's allow-list.
 */
export const listQuerySchema = <const O extends readonly [string, ...string[]]>(orderable: O) =>
  z.object({
    limit: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().min(1).max(Math.max(...PAGE_SIZES, 100)).default(10),
    offset: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().min(0).default(0),
    search_text: z.string().trim().max(100, { error: 'app.validation.tooLong' }).optional(),
    order_by: z.enum(orderable, { error: 'app.validation.invalidOrder' }).default(orderable[0]),
    order_direction: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v),
      z.enum(['asc', 'desc'], { error: 'app.validation.invalidOrder' })).default('desc'),
    status: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(3).optional()),
  });
