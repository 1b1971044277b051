import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';

/** The fields a visitor can type into before a page's scripts run: text, not choices (they need the scripts). */
const TYPED = 'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]), textarea';

/**
 * Inside a react-admin <Form> of a prerendered page (src/prerender/): what the visitor typed into its fields before
 * the page was hydrated, which React keeps in the fields without telling the form, is taken by the form as typed
 * (docs/DECISIONS.md "The public pages prerendered at build time"). Renders an empty hidden span, on the server too
 * (so the hydrated tree is the prerendered one), to find its form.
 */
export const TypedBeforeHydration = () => {
  const marker = useRef<HTMLSpanElement>(null);
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    const form = marker.current?.closest('form');
    const typed = [...(form?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED) ?? [])]
      .filter((field) => field.name && field.value !== String(getValues(field.name) ?? ''))
      .map((field) => ({
        name: field.name,
        value: field instanceof HTMLInputElement && field.type === 'number' ? field.valueAsNumber : field.value,
      }));
    if (!typed.length) return;
    // read now, set once the form's own mount effects have run: react-admin's <Form> resets its values there
    const timer = setTimeout(() => typed.forEach(({ name, value }) => setValue(name, value, { shouldDirty: true })));
    return () => clearTimeout(timer);
  }, [getValues, setValue]);
  return <span ref={marker} hidden />;
};
