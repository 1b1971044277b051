/** stylis ships no types; the console uses only its prefixer plugin (theme.ts), typed as emotion sees plugins. */
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export type Middleware = StylisPlugin;
  export const prefixer: StylisPlugin;
}
