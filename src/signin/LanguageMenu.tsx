import { LanguageMenuButton } from '../components/LanguageMenuButton';
import { useSignInEnv } from './env';

/**
 * The language menu of the light app's pages: the choice switches the page at once and is remembered (src/i18n/index.ts
 * changeLocale).
 */
export const LanguageMenu = () => {
  const { locale, changeLocale } = useSignInEnv();
  return <LanguageMenuButton locale={locale} onChange={changeLocale} />;
};
