import { useLocaleState } from 'react-admin';
import { inLocale, type LocalizedText } from '../../../domain/schemas/public';

/** A form's text (title, label, option) in the console's language, English standing in for a missing one. */
export const useInLocale = () => {
  const [locale] = useLocaleState();
  return (text: Partial<LocalizedText> | null | undefined) => inLocale(text, locale);
};
