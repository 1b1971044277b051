import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { loadAuthSchemas } from '../custom-pages/login/authSchemas';
import { type FormErrors, zodErrors } from '../validation/zodValidate';

type AuthSchemas = Awaited<ReturnType<typeof loadAuthSchemas>>;
type Values = Record<string, string>;

/**
 * A small form over text fields for the sign-in page, as react-admin's <Form mode="onTouched"> with a domain schema
 * behaves, without react-hook-form: the schema (domain/schemas/auth.ts, loaded once a field is left) judges every
 * change; a field shows its problem once it has been left (or the form sent), and a field error the server answered
 * stays until the field changes. `submit` sends the schema's parsed values, or marks every field and sends nothing.
 */
export const useSchemaForm = <S extends z.ZodType>(pick: (schemas: AuthSchemas) => S, initial: Values) => {
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [problems, setProblems] = useState<FormErrors>({});
  const [answered, setAnswered] = useState<Record<string, string>>({});
  const pickRef = useRef(pick);
  const checked = useRef(0);

  // the schema's judgement of the values as they are now (the latest one wins), from the first field left on: the
  // schema and zod are not part of the page's first download
  const started = Object.keys(touched).length > 0;
  useEffect(() => {
    if (!started) return;
    const round = (checked.current += 1);
    void loadAuthSchemas().then((schemas) => {
      if (round === checked.current) setProblems(zodErrors(pickRef.current(schemas), values));
    });
  }, [values, started]);

  const setValue = useCallback((name: string, value: string) => {
    setValues((v) => (v[name] === value ? v : { ...v, [name]: value }));
    setAnswered((a) => (name in a ? Object.fromEntries(Object.entries(a).filter(([field]) => field !== name)) : a));
  }, []);
  const touch = useCallback((name: string) => setTouched((t) => (t[name] ? t : { ...t, [name]: true })), []);

  /** The message key of a field's problem, once it is shown. */
  const errorOf = (name: string): string | undefined => {
    if (answered[name]) return answered[name];
    const problem = problems[name];
    return touched[name] && typeof problem === 'string' ? problem : undefined;
  };

  /** The form's onSubmit: `send` gets the parsed values and may answer field errors (the server's). */
  const submit =
    (send: (parsed: z.infer<S>) => Promise<Record<string, string> | undefined>) => async (event: FormEvent) => {
      event.preventDefault();
      const schema = pickRef.current(await loadAuthSchemas());
      const result = schema.safeParse(values);
      setTouched(Object.fromEntries(Object.keys(values).map((name) => [name, true])));
      if (!result.success) {
        setProblems(zodErrors(schema, values));
        return;
      }
      const errors = await send(result.data);
      if (errors) setAnswered(errors);
    };

  /** The props of a MUI TextField bound to a field: value, change, leave, error and its text (or a blank line). */
  const fieldProps = (name: string, translate: (key: string) => string) => {
    const error = errorOf(name);
    return {
      name,
      value: values[name] ?? '',
      onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
      onBlur: () => touch(name),
      error: !!error,
      // a blank line while valid, as react-admin's inputs keep, so the form does not move when a message appears
      helperText: error ? translate(error) : ' ',
    };
  };

  return { values, setValue, errorOf, submit, fieldProps };
};
