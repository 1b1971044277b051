import { useLocaleState } from 'react-admin';

/** A date in the user's language (Arabic with Arabic-Indic digits); '' for none. */
export const useDateOf = () => {
  const [locale] = useLocaleState();
  return (iso: string | null | undefined) =>
    iso ? new Date(iso).toLocaleDateString(locale === 'ar' ? 'ar-EG' : locale) : '';
};
