import { useLocaleState } from 'react-admin';
import { formatDate } from '../../domain/format';

/**
 * A date in the user's language; '' for none. Latin digits in every language, Arabic included (domain/format.ts,
 * docs/DECISIONS.md "Latin digits in every language").
 */
export const useDateOf = () => {
  const [locale] = useLocaleState();
  return (iso: string | null | undefined) => formatDate(iso, locale);
};
