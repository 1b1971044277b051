import { useLocaleState } from 'react-admin';

/**
 * A date in the user's language; '' for none. Arabic is written with Latin digits
 * (`ar-u-nu-latn`), like every other number the console and the PDFs show
 * (docs/GLOSSARY.md "Brand, form of address, typography"), whatever the browser's ICU would choose for plain 'ar'.
 */
export const useDateOf = () => {
  const [locale] = useLocaleState();
  return (iso: string | null | undefined) =>
    iso ? new Date(iso).toLocaleDateString(locale === 'ar' ? 'ar-u-nu-latn' : locale) : '';
};
