import { z } from 'zod';
import { CHILD_GENDER_ALIASES, CHILD_GENDERS, type Code, codeIds } from '../codes';
import { passwordProblem } from '../passwords';
import { CHALLENGE_PAYLOAD_MAX } from '../challenge';

/**
 * Field builders shared by every schema; messages are i18n keys (domain/messages/).
 * They hold the hardening every route inherits (issue 9): texts are trimmed,
 * bounded by their column's length and free of control characters; dates are
 * real calendar dates in a sane range; numbers stay within PostgreSQL's
 * integer; booleans are not numbers. Build every schema from these.
 */
const REQUIRED = 'app.validation.required';
const TOO_LONG = 'app.validation.tooLong';
const INVALID_CHARACTERS = 'app.validation.invalidCharacters';
const INVALID_NUMBER = 'app.validation.invalidNumber';
const INVALID_DATE = 'app.validation.invalidDate';

/** PostgreSQL's integer (int4) and smallint (int2) ranges. */
export const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;
export const INT2 = { min: -32_768, max: 32_767 } as const;
/** The dates any field accepts: enough for every birth date, course and exam. */
export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const;

/**
 * Control characters (C0 but tab, line feed and carriage return; DEL; C1)
 * and lone UTF-16 surrogates: never valid text, and PostgreSQL refuses NUL.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\p{Cs}/u;
/** In a single-line text: line breaks and tabs, and the bidi embedding, override and isolate characters that disguise a text. */
const NOT_IN_A_LINE = /[\t\n\r\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** Whether a text holds a control character (but tab and line breaks) or a lone surrogate. */
export const hasControlCharacters = (value: string) => CONTROL.test(value);

/** Whether a text holds only characters a person could have typed (single-line: no breaks, no bidi overrides). */
export const isCleanText = (value: string, singleLine: boolean) =>
  !CONTROL.test(value) && !(singleLine && NOT_IN_A_LINE.test(value));

export interface TextOptions {
  /** No line breaks, tabs or bidi override characters. Default: true up to 255 characters (names, titles), false beyond (descriptions). */
  singleLine?: boolean;
}

/** A trimmed string of at most `max` characters (the column's length), clean of control characters. */
const text = (max: number, { singleLine = max <= 255 }: TextOptions = {}) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .max(max, { error: TOO_LONG })
    .refine((v) => isCleanText(v, singleLine), { error: INVALID_CHARACTERS });

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const requiredText = (max = 255, options?: TextOptions) => text(max, options).min(1, { error: REQUIRED });

export const optionalText = (max = 255, options?: TextOptions) =>
  z.preprocess(blankToUndefined, text(max, options).optional());

/** An optional text an edit form may clear: '' or null clears it (null), absent leaves it as it is. */
export const clearableText = (max = 255, options?: TextOptions) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), text(max, options).nullable().optional());

/**
 * Format characters (Unicode category Cf) are invisible: zero-width space
 * U+200B, zero-width joiner U+200D, word joiner U+2060, byte-order mark
 * U+FEFF, soft hyphen U+00AD, the bidi embeddings, overrides and isolates
 * U+202A–U+202E and U+2066–U+2069, and the rest of Cf. In a name they make
 * two names that look the same differ (a second account, a search that
 * finds nobody, a certificate that prints something else), so a name holds
 * none of them, nor a control character, a line break or a tab. The
 * direction marks (DIRECTION_MARKS) are the exception: Arabic keyboards and
 * pasted text carry them, so a name is stored without them rather than refused.
 */
const FORMAT = /\p{Cf}/u;
const FORMAT_ALL = /\p{Cf}/gu;
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;
/** A character of the Arabic script, its marks (harakat) included. */
const ARABIC_SCRIPT = /\p{scx=Arabic}/u;
const ZWNJ = '\u200C';
/** Left-to-right mark U+200E, right-to-left mark U+200F, Arabic letter mark U+061C: removed from names. */
const DIRECTION_MARKS = /[\u200E\u200F\u061C]/g;

/**
 * Whether a name holds only characters a person types. One exception
 * among the format characters (docs/API.md "Names"): the zero-width
 * non-joiner U+200C between two letters of the Arabic script, where
 * Persian, Urdu and Kurdish spelling need it (می‌خواهم); Arabic itself never
 * uses it. Anywhere else (at an end, doubled, beside Latin text) it is
 * refused like every other invisible character.
 */
export function isCleanName(value: string): boolean {
  if (CONTROL.test(value) || LINE_BREAK.test(value)) return false;
  if (!FORMAT.test(value)) return true;
  const chars = Array.from(value);
  for (const match of value.matchAll(FORMAT_ALL)) {
    if (match[0] !== ZWNJ) return false;
  }
  return chars.every(
    (c, i) => c !== ZWNJ || (i > 0 && ARABIC_SCRIPT.test(chars[i - 1]) && ARABIC_SCRIPT.test(chars[i + 1] ?? '')),
  );
}

const INVISIBLE_IN_NAME = 'app.validation.nameCharacters';

/**
 * A name as stored: Unicode NFC (one form for the same letters: alef + hamza
 * above is أ), without direction marks, trimmed, within `max`, typed characters only.
 */
const nameString = (max: number) =>
  z
    .string({ error: REQUIRED })
    .normalize('NFC')
    .overwrite((v) => v.replace(DIRECTION_MARKS, ''))
    .trim()
    .max(max, { error: TOO_LONG })
    .refine((v) => isCleanText(v, true), { error: INVALID_CHARACTERS })
    .refine(isCleanName, { error: INVISIBLE_IN_NAME });

/** A person's or a thing's name (user, child, guest, student, teacher, region, school, class, group, course): required. */
export const nameText = (max = 255, requiredKey = REQUIRED) => nameString(max).min(1, { error: requiredKey });

/** An optional name: '' or null mean absent. */
export const optionalNameText = (max = 255) => z.preprocess(blankToUndefined, nameString(max).optional());

/** The solved proof-of-work challenge a form sends when the server asks for one (field `captcha`, docs/api/challenge.md). */
export const challengeSolution = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'app.validation.invalid' })
      .max(CHALLENGE_PAYLOAD_MAX, { error: 'app.validation.tooLong' })
      .optional(),
  );

/** A search text of a list or a search box. */
export const searchText = (max = 100) => optionalText(max, { singleLine: true });

export const email = (message = 'app.validation.email') =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(255, { error: TOO_LONG })
    .toLowerCase()
    .pipe(z.email({ error: message }));

/** A new password: the rules of domain/passwords.ts (length, not blank, not a common password). */
export const password = () =>
  z
    .string({ error: REQUIRED })
    .min(1, { error: REQUIRED })
    .superRefine((v, ctx) => {
      const problem = passwordProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** A password typed to sign in or to confirm: any text a password could be, bounded. */
export const currentPassword = () =>
  z
    .string({ error: REQUIRED })
    .min(1, { error: REQUIRED })
    .max(200, { error: TOO_LONG })
    .refine((v) => !CONTROL.test(v), { error: INVALID_CHARACTERS });

/** "12" → 12 (forms and query strings send text); anything else is left for z.number() to judge. */
const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** A required value from a code list; accepts "1" as well as 1 (multipart forms). */
export const codeOf = <V extends number | string>(
  list: readonly Code<V>[],
  message?: { required?: string; invalid?: string },
) => {
  const ids = codeIds(list) as unknown[];
  const isNumeric = typeof ids[0] === 'number';
  const required = message?.required ?? REQUIRED;
  const base: z.ZodType<number | string> = isNumeric ? z.number({ error: required }) : z.string({ error: required });
  return z.preprocess(
    (v) => (isNumeric ? toNumber(blankToUndefined(v)) : blankToUndefined(v)),
    base.refine((v) => ids.includes(v), { error: message?.invalid ?? 'app.validation.invalidChoice' }),
  ) as unknown as z.ZodType<V>;
};

/**
 * A child's gender: 1 boy or 2 girl, and also the specification's 0 for a boy (0 or "0"), stored as 1
 * (CHILD_GENDER_ALIASES, docs/DECISIONS.md "A child's gender: two codes in, one stored"); anything else is refused with
 * app.validation.invalidChoice.
 */
export const childGender = () =>
  z.preprocess((v) => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && Object.hasOwn(CHILD_GENDER_ALIASES, n) ? CHILD_GENDER_ALIASES[n] : v;
  }, codeOf(CHILD_GENDERS));

export const optionalCodeOf = <V extends number | string>(list: readonly Code<V>[]) =>
  z.preprocess(blankToUndefined, codeOf(list).optional());

export interface IntRange {
  min?: number;
  max?: number;
}

/** An integer within the column's range (int4 unless narrower); "12" is read as 12, true is not a number. */
export const int = ({ min = INT4.min, max = INT4.max }: IntRange = {}) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: INVALID_NUMBER })
      .int({ error: INVALID_NUMBER })
      .min(Math.max(min, INT4.min), { error: INVALID_NUMBER })
      .max(Math.min(max, INT4.max), { error: INVALID_NUMBER }),
  );

/** An integer for a smallint column. */
export const smallInt = ({ min = INT2.min, max = INT2.max }: IntRange = {}) =>
  int({ min: Math.max(min, INT2.min), max: Math.min(max, INT2.max) });

/** An optional integer: '' and null mean absent (list filters, optional form fields). */
export const optionalInt = (range?: IntRange) => z.preprocess(blankToUndefined, int(range).optional());

/** A record id: a positive int4. */
export const id = () => int({ min: 1 });

/** Whether 'YYYY-MM-DD' is a day of the calendar (not 2020-02-30, not year 0). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  date.setUTCFullYear(y);
  return y > 0 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A calendar day within DATE_RANGE. */
export const isCalendarDate = (value: string) =>
  isCalendarDay(value) && value >= DATE_RANGE.min && value <= DATE_RANGE.max;

export const isoDate = () =>
  z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).refine(isCalendarDate, { error: INVALID_DATE });

/** A date of birth: a valid date, not in the future (and not before DATE_RANGE). */
export const pastDate = () =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .refine(isCalendarDay, { error: INVALID_DATE })
    .refine((v) => v <= new Date().toISOString().slice(0, 10), { error: 'app.validation.futureDate' })
    .refine((v) => v >= DATE_RANGE.min, { error: INVALID_DATE });

export const optionalPastDate = () => z.preprocess(blankToUndefined, pastDate().optional());

/** A date of birth an edit form may clear ('' or null). */
export const clearablePastDate = () => z.preprocess((v) => (v === '' ? null : v), pastDate().nullable().optional());

/** A checkbox: true/false, or 'true'/'false' ('1'/'0') from a multipart form; numbers are not booleans. */
export const checkbox = () =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
    z.boolean({ error: REQUIRED }),
  );
