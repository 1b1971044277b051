import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/cairo/arabic-400.css';
import '@fontsource/cairo/arabic-500.css';
import '@fontsource/cairo/arabic-700.css';
import '@fontsource/cairo/latin-400.css';
import '@fontsource/cairo/latin-500.css';
import '@fontsource/cairo/latin-700.css';
import { App } from './App';
import { buildI18nProvider, loadMessages } from './i18n';
import { initialLocale } from './i18n/locales';

/** Loads the starting language's messages, then renders the console. */
const start = async () => {
  const locale = initialLocale();
  const i18nProvider = buildI18nProvider(locale, await loadMessages(locale));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18nProvider={i18nProvider} />
    </StrictMode>,
  );
};

void start();
