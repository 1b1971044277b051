/**
 * A log's old and new values side by side. The API stores them as JSON
 * (an object, or a JSON string of one); anything else is one value.
 */
export interface ChangeRow {
  field: string;
  before: string;
  after: string;
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

/** One row per field present on either side; a single row (field '') when the values are not objects. */
export const changeRows = (oldValue: unknown, newValue: unknown): ChangeRow[] => {
  const before = parse(oldValue);
  const after = parse(newValue);
  if (isPlainObject(before) || isPlainObject(after)) {
    const b = isPlainObject(before) ? before : {};
    const a = isPlainObject(after) ? after : {};
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return fields.map((field) => {
      const x = showValue(b[field]);
      const y = showValue(a[field]);
      return { field, before: x, after: y, changed: x !== y };
    });
  }
  if (before === undefined && after === undefined) return [];
  const x = showValue(before);
  const y = showValue(after);
  return [{ field: '', before: x, after: y, changed: x !== y }];
};
