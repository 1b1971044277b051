import { NumberField, type NumberFieldProps, useLocaleState } from 'react-admin';

/** A number written with the digits of the chosen language, like the dashboards' counts. */
export const LocaleNumberField = (props: NumberFieldProps) => {
  const [locale] = useLocaleState();
  return <NumberField locales={locale} {...props} />;
};
