import {
  Pagination,
  PaginationActions,
  type PaginationActionsProps,
  useListPaginationContext,
  useTranslate,
} from 'react-admin';
import { PAGE_SIZES } from '../../domain/codes';

/** Page links whose landmark is named in the user's language (MUI's default is English). */
const NamedPaginationActions = (props: PaginationActionsProps) => {
  const translate = useTranslate();
  return <PaginationActions {...props} aria-label={translate('app.pagination')} />;
};

/**
 * 10, 25 or 50 rows a page (docs/PRODUCT.md §9 "Pages"). Without a total (a search the server
 * counted only up to its cap: count_capped) there are no page numbers to
 * show: react-admin's previous/next buttons and "1-10 of more than 10".
 */
export const AppPagination = () => {
  const { total } = useListPaginationContext();
  return (
    <Pagination rowsPerPageOptions={[...PAGE_SIZES]} actions={total == null ? undefined : NamedPaginationActions} />
  );
};
