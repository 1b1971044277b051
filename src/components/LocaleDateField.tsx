import { DateField, type DateFieldProps, useLocaleState } from 'react-admin';

/** A date written the way the chosen language writes dates. */
export const LocaleDateField = (props: DateFieldProps) => {
  const [locale] = useLocaleState();
  return <DateField locales={locale} {...props} />;
};
