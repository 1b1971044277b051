import { z } from 'zod';
import { type Code, codeIds, PASSWORD_MIN_LENGTH } from '../codes';

/** Field builders shared by every schema; messages are i18n keys (domain/messages.ts). */
const REQUIRED = 'app.validation.required';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const requiredText = (max = 255) =>
  z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(max, { error: 'app.validation.tooLong' });

export const optionalText = (max = 255) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, { error: 'app.validation.tooLong' }).optional());

/** An optional text an edit form may clear: '' or null clears it (null), absent leaves it as it is. */
export const clearableText = (max = 255) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max, { error: 'app.validation.tooLong' }).nullable().optional());

export const email = (message = 'app.validation.email') =>
  z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).toLowerCase().pipe(z.email({ error: message }));

export const password = () =>
  z.string({ error: REQUIRED }).min(1, { error: REQUIRED }).min(PASSWORD_MIN_LENGTH, { error: 'app.validation.passwordTooShort' }).max(200, { error: 'app.validation.tooLong' });

const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** A required value from a code list; accepts "1" as well as 1 (multipart forms). */
export const codeOf = <V extends number | string>(list: readonly Code<V>[], message?: { required?: string; invalid?: string }) => {
  const ids = codeIds(list) as unknown[];
  const isNumeric = typeof ids[0] === 'number';
  const required = message?.required ?? REQUIRED;
  const base: z.ZodType<number | string> = isNumeric ? z.number({ error: required }) : z.string({ error: required });
  return z.preprocess(
    (v) => (isNumeric ? toNumber(blankToUndefined(v)) : blankToUndefined(v)),
    base.refine((v) => ids.includes(v), { error: message?.invalid ?? 'app.validation.invalidChoice' }),
  ) as unknown as z.ZodType<V>;
};

export const optionalCodeOf = <V extends number | string>(list: readonly Code<V>[]) =>
  z.preprocess(blankToUndefined, codeOf(list).optional());

export const int = () => z.preprocess(toNumber, z.number({ error: 'app.validation.invalidNumber' }).int({ error: 'app.validation.invalidNumber' }));

export const isoDate = () =>
  z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'app.validation.invalidDate' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'app.validation.invalidDate' });

/** A date of birth: a valid date, not in the future. */
export const pastDate = () =>
  isoDate().refine((v) => v <= new Date().toISOString().slice(0, 10), { error: 'app.validation.futureDate' });

export const optionalPastDate = () => z.preprocess(blankToUndefined, pastDate().optional());

/** A date of birth an edit form may clear ('' or null). */
export const clearablePastDate = () => z.preprocess((v) => (v === '' ? null : v), pastDate().nullable().optional());

export const checkbox = () =>
  z.preprocess((v) => v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v, z.boolean({ error: 'app.validation.required' }));

export const id = () => z.preprocess(toNumber, z.number({ error: 'app.validation.invalidNumber' }).int().positive());
