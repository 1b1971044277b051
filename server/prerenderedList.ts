/*
 * The list of the pages the console's build prerendered (scripts/prerenderPages.ts writes it, the API
 * server reads it: server/prerenderedPages.ts). No imports: vite.config.ts loads it through the build's plugin.
 */

/** Where, under the built console (dist/), the build writes the list. */
export const PRERENDERED_LIST = 'pages/pages.json';

/** Each page's address pattern and its file (under dist/) in each language. */
export interface PrerenderedList {
  /** the language of a visitor whose cookie and browser name none of ours (the build's VITE_DEFAULT_LOCALE) */
  defaultLocale: string;
  pages: { path: string; pattern: string; flags: string; files: Record<string, string> }[];
}
