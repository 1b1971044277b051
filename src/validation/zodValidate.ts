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
export const zodValidate = (schema: z.ZodType) => (values: unknown): FormErrors => zodErrors(schema, values);
