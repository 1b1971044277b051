/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The console's default language when the browser prefers none of ours (src/i18n/locales.ts deploymentLocale). */
  readonly VITE_DEFAULT_LOCALE?: string;
}
