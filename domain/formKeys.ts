import { CHOICE_KINDS } from './codes';
import type { FormField, FormInput } from './schemas/public';

const numberOf = (key: string) => Number(key.slice(1));

/**
 * A form's fields as stored: each field gets a key (f<n>) and each option a
 * value (o<n>) when it has none yet, from the form's own counter, so a key
 * is never given twice and answers stay tied to their question when the
 * form is edited. Options only on choice fields, limits only on numbers.
 */
export function withKeys(fields: FormInput['fields'], nextKey = 1): { fields: FormField[]; nextKey: number } {
  const given = fields
    .flatMap((f) => [f.name, ...(f.options ?? []).map((o) => o.value)])
    .filter((k): k is string => !!k);
  let next = Math.max(nextKey, ...given.map((k) => numberOf(k) + 1));
  const stored = fields.map((field): FormField => {
    const choice = CHOICE_KINDS.includes(field.kind);
    return {
      name: field.name ?? `f${next++}`,
      kind: field.kind,
      label: field.label,
      required: field.required,
      ...(choice
        ? { options: (field.options ?? []).map((o) => ({ value: o.value ?? `o${next++}`, label: o.label })) }
        : {}),
      ...(field.kind === 'number' && field.min !== undefined ? { min: field.min } : {}),
      ...(field.kind === 'number' && field.max !== undefined ? { max: field.max } : {}),
    };
  });
  return { fields: stored, nextKey: next };
}
