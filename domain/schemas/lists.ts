import { z } from 'zod';
import { PAGE_SIZES } from '../codes';
import { int, optionalInt, searchText } from './fields';

/** '' and null mean "not given": the default applies. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * The list filter (docs/PRODUCT.md §3 "List filter"): limit, offset, search_text, order_by,
 * order_direction, status. order_by is checked against the list's allow-list;
 * numbers are numbers (or their text, from a query string), never booleans or arrays.
 */
export const listQuerySchema = <const O extends readonly [string, ...string[]]>(orderable: O) =>
  z.object({
    limit: z.preprocess(blankToUndefined, int({ min: 1, max: Math.max(...PAGE_SIZES, 100) }).default(10)),
    offset: z.preprocess(blankToUndefined, int({ min: 0 }).default(0)),
    search_text: searchText(100),
    order_by: z.enum(orderable, { error: 'app.validation.invalidOrder' }).default(orderable[0]),
    order_direction: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.toLowerCase() : v),
        z.enum(['asc', 'desc'], { error: 'app.validation.invalidOrder' }),
      )
      .default('desc'),
    status: optionalInt({ min: 0, max: 3 }),
  });
