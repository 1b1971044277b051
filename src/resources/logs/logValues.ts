import {
  AVAILABLE_HOURS,
  CHILD_LANGUAGES,
  COUNTRIES,
  DEGREES,
  EMPLOYMENT,
  EMPLOYMENT_PLACES,
  EXPERIENCE,
  FAMILY_GENDERS,
  GRADES,
  SPECIALIZATIONS,
  TEACHER_GENDERS,
  USER_TYPES,
  type Code,
} from '../../../domain/codes';

/**
 * A log's old and new values side by side. The API stores them as JSON
 * (an object, or a JSON string of one); anything else is one value.
 */
export interface ChangeRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const parse = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A readable text for one value: '' for nothing, lists joined, nested objects as compact JSON. */
export const showValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(showValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const isEmpty = (v: unknown) => showValue(v) === '';

/** One row per field present on either side (empty on both sides left out); one row (field '') when the values are not objects. */
export const changeRows = (oldValue: unknown, newValue: unknown): ChangeRow[] => {
  const before = parse(oldValue);
  const after = parse(newValue);
  if (isPlainObject(before) || isPlainObject(after)) {
    const b = isPlainObject(before) ? before : {};
    const a = isPlainObject(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys
      .filter((key) => !(isEmpty(b[key]) && isEmpty(a[key])))
      .map((key) => ({ field: key, before: b[key], after: a[key], changed: showValue(b[key]) !== showValue(a[key]) }));
  }
  if (before === undefined && after === undefined) return [];
  return [{ field: '', before, after, changed: showValue(before) !== showValue(after) }];
};

type LabelledCode = Code<number | string> & { count?: number };

/** Fields whose values are codes: shown by their translated label. */
export const CODED_FIELDS: Record<string, readonly LabelledCode[]> = {
  type: USER_TYPES,
  gender: [...FAMILY_GENDERS, ...TEACHER_GENDERS],
  country: COUNTRIES,
  degree: DEGREES,
  specialization: SPECIALIZATIONS,
  grade: GRADES,
  employment: EMPLOYMENT,
  experience: EXPERIENCE,
  available_hours: AVAILABLE_HOURS,
  employment_place: EMPLOYMENT_PLACES,
  language: CHILD_LANGUAGES,
  second_language: CHILD_LANGUAGES,
  removed: [
    { id: 0, labelKey: 'app.users.active' },
    { id: 1, labelKey: 'app.users.inactive' },
  ],
};

/** The code behind a field's value, when the field is coded and the value known. */
export const codeFor = (field: string, value: unknown): LabelledCode | undefined => {
  const codes = CODED_FIELDS[field];
  if (!codes || value === null || value === undefined || value === '') return undefined;
  // gender 1 and 2 read the same in both lists; prefer male/female wording over father/mother
  const candidates = codes.filter((c) => String(c.id) === String(value));
  return candidates[candidates.length - 1];
};
