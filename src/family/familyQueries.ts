import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { createQueryClient } from '../queryClient';

/**
 * A family page rendered by the server with its data (server/renderedPages.ts): the answers of the page's first
 * reads, as react-query keeps them (its dehydrated state: each query's key and data), so that the browser's first
 * render is the server's and makes none of these calls again (docs/DECISIONS.md "The family's pages rendered with
 * their data").
 */
export interface FamilyPageAnswer {
  queries: DehydratedState;
}

/**
 * How long what the server rendered counts as fresh: the page's queries are not asked again as the page mounts
 * (react-query would at once, its data being stale from the start), only when this has passed or when the page
 * itself asks (a change, a navigation reloading the user's permissions: src/layout/RouteEffects.tsx).
 */
export const RENDERED_FRESH_MS = 30_000;

/** The family app's query client (as <Admin> would make it), holding the answers the page was rendered with. */
export const familyQueryClient = (rendered?: FamilyPageAnswer) => {
  const client = createQueryClient();
  if (rendered) {
    hydrate(client, rendered.queries);
    for (const { queryKey } of rendered.queries.queries)
      client.setQueryDefaults(queryKey, { staleTime: RENDERED_FRESH_MS });
  }
  return client;
};
