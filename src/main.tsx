import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/cairo/arabic-400.css';
import '@fontsource/cairo/arabic-500.css';
import '@fontsource/cairo/arabic-700.css';
import '@fontsource/cairo/latin-400.css';
import '@fontsource/cairo/latin-500.css';
import '@fontsource/cairo/latin-700.css';
import { buildI18nProvider, loadMessages } from './i18n';
import { initialLocale } from './i18n/locales';
import { isPublicPath } from './publicPaths';

/*
 * Each app is imported in a function of its own: vite preloads a dynamic
 * import's dependencies, and two imports merged into one conditional
 * expression by the minifier would get the dependencies of one of them.
 */
const loadConsole = async () => (await import('./App')).App;
const loadPublicApp = async () => (await import('./PublicApp')).PublicApp;

/**
 * Loads the starting language's messages, then renders the console. A first
 * load at a public page (/login, /register, /reset-password/:token, /404)
 * starts the light public app (PublicApp.tsx); any other address the whole
 * console (App.tsx, react-admin's <Admin>). The public app hands over to the
 * whole console, in place and without a reload, when it moves to another
 * address (after signing in, for instance); the whole console keeps the
 * public pages for its own navigations (logout, an expired session).
 */
const start = async () => {
  const locale = initialLocale();
  const root = createRoot(document.getElementById('root')!);
  const publicPage = isPublicPath(window.location.pathname);
  const [messages] = await Promise.all([loadMessages(locale), publicPage ? loadPublicApp() : loadConsole()]);
  const i18nProvider = buildI18nProvider(locale, messages);

  const renderConsole = async () => {
    const App = await loadConsole();
    root.render(
      <StrictMode>
        <App i18nProvider={i18nProvider} />
      </StrictMode>,
    );
  };
  if (!publicPage) {
    await renderConsole();
    return root;
  }

  const PublicApp = await loadPublicApp();
  let opening: Promise<void> | undefined;
  const openConsole = () => (opening ??= renderConsole());
  root.render(
    <StrictMode>
      <PublicApp i18nProvider={i18nProvider} openConsole={openConsole} />
    </StrictMode>,
  );
  return root;
};

/** The rendered root, once started (tests unmount it). */
export const started = start();
