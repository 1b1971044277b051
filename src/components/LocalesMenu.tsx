import { useLocaleState } from 'react-admin';
import { LanguageMenuButton } from './LanguageMenuButton';

/** The language menu of react-admin's pages (the console's app bar, the public pages), in react-admin's locale state. */
export const LocalesMenu = () => {
  const [locale, setLocale] = useLocaleState();
  return <LanguageMenuButton locale={locale} onChange={setLocale} />;
};
