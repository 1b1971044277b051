import { DateField, type DateFieldProps, useLocaleState } from 'react-admin';
import { intlLocale } from '../../domain/format';

/** A date written the way the chosen language writes dates, with Latin digits (domain/format.ts). */
export const LocaleDateField = (props: DateFieldProps) => {
  const [locale] = useLocaleState();
  return <DateField locales={intlLocale(locale)} {...props} />;
};
