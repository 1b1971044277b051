import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { loadAuthSchemas } from '../custom-pages/login/authSchemas';
import { type FormErrors, type MatchRule, zodValidateWithMatches } from '../validation/zodValidate';

type AuthSchemas = Awaited<ReturnType<typeof loadAuthSchemas>>;
type Values = Record<string, unknown>;

/** The props of a MUI TextField bound to a field of the form (`fieldProps`). */
export interface BoundField {
  name: string;
  value: unknown;
  onChange: (event: { target: { value: unknown } }) => void;
  onBlur: () => void;
  error: boolean;
  /** the field's problem, translated, or a blank line */
  helperText: string;
  /** the field's element (what was typed into it before the page was hydrated, useSchemaForm) */
  inputRef: (element: HTMLInputElement | null) => void;
}

/**
 * A small form for the light public pages (src/signin/), as react-admin's <Form mode="onTouched"> with a domain schema
 * behaves, without react-hook-form: the schema (domain/schemas/auth.ts, loaded once a field is left) judges every
 * change, with `matches` (validation/zodValidate.ts: a confirmation that differs is said at once, not only once every
 * other field is valid); a field shows its problem once it has been left (or the form sent), and a field error the
 * server answered stays until the field changes. `submit` sends the schema's parsed values, or marks every field and
 * sends nothing.
 */
export const useSchemaForm = <S extends z.ZodType, V extends Values>(
  pick: (schemas: AuthSchemas) => S,
  initial: V,
  matches: readonly MatchRule[] = [],
) => useLoadedSchemaForm(loadAuthSchemas, pick, initial, matches);

/**
 * useSchemaForm over another module of the domain's schemas, loaded by `load` when the form first judges (the kit
 * order's and the published forms' rules, domain/schemas/public.ts: order-kit/publicSchemas.ts).
 */
export const useLoadedSchemaForm = <M, S extends z.ZodType, V extends Values>(
  load: () => Promise<M>,
  pick: (schemas: M) => S,
  initial: V,
  matches: readonly MatchRule[] = [],
) => {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [problems, setProblems] = useState<FormErrors>({});
  const [answered, setAnswered] = useState<Record<string, string>>({});
  const pickRef = useRef(pick);
  const matchesRef = useRef(matches);
  const checked = useRef(0);

  const loadRef = useRef(load);
  const judge = (schemas: M, judged: V) => zodValidateWithMatches(pickRef.current(schemas), matchesRef.current)(judged);

  // the schema's judgement of the values as they are now (the latest one wins), from the first field left on: the
  // schema and zod are not part of the page's first download
  const started = Object.keys(touched).length > 0;
  useEffect(() => {
    if (!started) return;
    const round = (checked.current += 1);
    void loadRef.current().then((schemas) => {
      if (round === checked.current) setProblems(judge(schemas, values));
    });
  }, [values, started]); // eslint-disable-line react-hooks/exhaustive-deps

  const setValue = useCallback((name: string, value: unknown) => {
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
      const schemas = await loadRef.current();
      const result = pickRef.current(schemas).safeParse(values);
      setTouched(Object.fromEntries(Object.keys(values).map((name) => [name, true])));
      if (!result.success) {
        setProblems(judge(schemas, values));
        return;
      }
      const errors = await send(result.data);
      if (errors) setAnswered(errors);
    };

  // one set of props per field while its value and problem stay, with the same handlers: a memoised field
  // (fields.tsx) renders again only when its own props change, not at each key typed elsewhere in a long form
  const handlers = useRef(new Map<string, Pick<BoundField, 'onChange' | 'onBlur' | 'inputRef'>>());
  const bound = useRef(new Map<string, BoundField>());
  // the fields whose element has been in the page: only a field's first element can hold text typed before hydration
  const attached = useRef(new Set<string>());

  /**
   * What was typed before the page was hydrated: a prerendered page (src/prerender/) shows its fields before its
   * scripts run, and React, hydrating them, keeps what they hold without telling the form (docs/DECISIONS.md "The
   * public pages prerendered at build time"); the form takes it as typed when the field's element is first attached.
   * At the element and not in an effect of the form: a field inside a Suspense boundary of its own (PublicFrame's) is
   * hydrated after the form has mounted, and its next render would write the form's empty value over the text.
   */
  const adoptTyped = (name: string, element: HTMLInputElement) => {
    if (attached.current.has(name)) return;
    attached.current.add(name);
    if (element.value !== String(initial[name] ?? '')) setValue(name, element.value);
  };

  /** The props of a MUI TextField bound to a field: value, change, leave, error and its text (or a blank line). */
  const fieldProps = (name: string, translate: (key: string) => string): BoundField => {
    const error = errorOf(name);
    let handler = handlers.current.get(name);
    if (!handler) {
      handler = {
        onChange: (event) => setValue(name, event.target.value),
        onBlur: () => touch(name),
        inputRef: (element) => void (element && adoptTyped(name, element)),
      };
      handlers.current.set(name, handler);
    }
    const next: BoundField = {
      name,
      value: values[name] ?? '',
      ...handler,
      error: !!error,
      // a blank line while valid, as react-admin's inputs keep, so the form does not move when a message appears
      helperText: error ? translate(error) : ' ',
    };
    const before = bound.current.get(name);
    if (before && before.value === next.value && before.error === next.error && before.helperText === next.helperText)
      return before;
    bound.current.set(name, next);
    return next;
  };

  return { values, setValue, touch, errorOf, submit, fieldProps };
};
