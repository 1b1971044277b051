import { NumberField, type NumberFieldProps, useLocaleState } from 'react-admin';
import { intlLocale } from '../../domain/format';

/** A number written the way the chosen language writes numbers, with Latin digits (domain/format.ts). */
export const LocaleNumberField = (props: NumberFieldProps) => {
  const [locale] = useLocaleState();
  return <NumberField locales={intlLocale(locale)} {...props} />;
};
