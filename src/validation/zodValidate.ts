import type { z } from 'zod';

/** Nested form errors: { confirm_password: 'app.validation.passwordsMismatch', teacher: { degree: '...' } } */
export type FormErrors = { [field: string]: string | FormErrors };

const setAt = (errors: FormErrors, path: readonly PropertyKey[], message: string) => {
  if (path.length === 0) return;
  let node = errors;
  path.slice(0, -1).forEach((part) => {
    const key = String(part);
    if (typeof node[key] !== 'object') node[key] = {};
    node = node[key] as FormErrors;
  });
  const last = String(path[path.length - 1]);
  if (node[last] === undefined) node[last] = message; // the first problem of a field is the one shown
};

/** The errors of a domain schema as a react-admin form expects them (messages are i18n keys). */
export const zodErrors = (schema: z.ZodType, values: unknown): FormErrors => {
  const result = schema.safeParse(values);
  const errors: FormErrors = {};
  if (!result.success) for (const issue of result.error.issues) setAt(errors, issue.path, issue.message);
  return errors;
};

/**
 * A form-level `validate` for react-admin's <Form>/<SimpleForm> built from a
 * domain zod schema: the same rule the server applies, written once.
 */
export const zodValidate =
  (schema: z.ZodType) =>
  (values: unknown): FormErrors =>
    zodErrors(schema, values);

/** Two fields that must hold the same value, e.g. a confirmation (the domain schemas' "do not match" rules). */
export interface MatchRule {
  field: string;
  partner: string;
  message: string;
  /** the schema's normalisation before comparing (emails are trimmed and lower-cased) */
  normalise?: (value: string) => string;
}

export const EMAILS_MATCH: MatchRule = {
  field: 'confirm_email',
  partner: 'email',
  message: 'app.validation.emailsMismatch',
  normalise: (v) => v.trim().toLowerCase(),
};
export const PASSWORDS_MATCH: MatchRule = {
  field: 'confirm_password',
  partner: 'password',
  message: 'app.validation.passwordsMismatch',
};

/**
 * A zod object's cross-field refinements run only once every field is
 * valid; a form wants the "do not match" warning as soon as both fields
 * are filled. This adds it early; the schema still decides at submit.
 */
export const zodValidateWithMatches =
  (schema: z.ZodType, rules: readonly MatchRule[]) =>
  (values: unknown): FormErrors => {
    const errors = zodErrors(schema, values);
    const v = (values ?? {}) as Record<string, unknown>;
    for (const { field, partner, message, normalise = (x: string) => x } of rules) {
      const a = v[field];
      const b = v[partner];
      if (
        typeof a === 'string' &&
        typeof b === 'string' &&
        a !== '' &&
        b !== '' &&
        normalise(a) !== normalise(b) &&
        errors[field] === undefined
      ) {
        errors[field] = message;
      }
    }
    return errors;
  };
