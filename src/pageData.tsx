import { type ReactNode, createContext, useContext } from 'react';

/** The id of the JSON block the server writes beside the root (server/pageTemplate.ts PAGE_DATA_ID). */
const PAGE_DATA_ID = 'neomi-page-data';

/**
 * The data a public page was rendered with by the API server (server/renderedPages.ts): the page's path as listed in
 * src/publicPaths.ts, what identifies its data (the certificate's code) and the answer the page's API call would
 * have given, so that the page starts from it instead of calling the API again (docs/ARCHITECTURE.md §5).
 */
export interface PageData<T = unknown> {
  page: string;
  key: string;
  answer: T;
  /**
   * The screen the server rendered the page for, guessed from the request (a phone's browser says it is one): the
   * page's layouts, and MUI's media queries, take it while hydrating (src/hooks/usePhone.ts, src/theme.ts)
   */
  screen?: RenderedScreen;
}

/** The screens a page is rendered for: below the theme's `sm` breakpoint (600 px), or from it on. */
export type RenderedScreen = 'phone' | 'wide';

/** The block's data in the browser, read once (undefined: no block, or not a browser). */
let inDocument: PageData | null | undefined;
const readDocument = (): PageData | undefined => {
  if (inDocument === undefined) {
    const block = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID);
    try {
      inDocument = block?.textContent ? (JSON.parse(block.textContent) as PageData) : null;
    } catch {
      inDocument = null;
    }
  }
  return inDocument ?? undefined;
};

/** The server's render gives its data here (src/prerender/renderPage.tsx); the browser reads the block instead. */
const PageDataContext = createContext<PageData | undefined>(undefined);

export const PageDataProvider = ({ data, children }: { data: PageData | undefined; children: ReactNode }) => (
  <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>
);

/** The page's data, whichever page it is for (the server's render's, else the block's, else undefined). */
const useRenderedPageData = (): PageData | undefined => useContext(PageDataContext) ?? readDocument();

/** The block's data, read outside React (main.tsx decides whether to hydrate the page the server sent). */
export const renderedPageData = (): PageData | undefined => readDocument();

/** The screen the page was rendered for, if the server rendered it with data (undefined: unknown). */
export const useRenderedScreen = (): RenderedScreen | undefined => useRenderedPageData()?.screen;

/**
 * The answer the page `page` was rendered with for `key`, on the server (its render's) and in the browser (the
 * block's), the same on both so that the first render hydrates what the server sent; undefined when the page was
 * not rendered with data for this key (an address reached by navigating, an older page): the page then calls the
 * API as before.
 */
export const usePageData = <T,>(page: string, key: string): T | undefined => {
  const data = useRenderedPageData();
  return data && data.page === page && data.key === key ? (data.answer as T) : undefined;
};
