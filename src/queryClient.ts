import { type Query, QueryClient } from '@tanstack/react-query';

/**
 * The page states a failed load shows instead of the page (src/components/PageState.tsx):
 * 403 the page is not for this user, 404 its record does not exist (or is outside the
 * user's scope: the server answers 404 then, docs/SCOPE.md).
 */
export type PageStateKind = 'forbidden' | 'notFound';

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
};

/** The page state an error calls for, if any. */
export const pageStateOf = (error: unknown): PageStateKind | undefined => {
  const status = statusOf(error);
  return status === 403 ? 'forbidden' : status === 404 ? 'notFound' : undefined;
};

/** A refused call (4xx) answers the same when asked again: only network failures and 5xx are retried. */
const retry = (failures: number, error: unknown): boolean => {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failures < 3;
};

/**
 * A read that answers 403 or 404 before it ever had data is the page's own load failing:
 * it is thrown to the nearest page boundary (PageStateBoundary), which shows the state.
 * A refetch that fails keeps the data it has (and the page), and so does a reference field's
 * read of other records. The sidebar's and top bar's
 * reads opt out with `throwOnError: false`: they sit outside every page.
 */
const throwOnError = (error: Error, query: Query<unknown, Error, unknown, readonly unknown[]>): boolean =>
  pageStateOf(error) !== undefined &&
  query.state.data === undefined &&
  // a reference field's records (react-admin's getMany): one missing record is not the page's failure
  query.queryKey[1] !== 'getMany';

/** The console's query client (given to <Admin>): react-admin's reads and the pages' own useQuery calls. */
export const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry, throwOnError } } });
