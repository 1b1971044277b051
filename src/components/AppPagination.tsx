import { Pagination, useListPaginationContext } from 'react-admin';
import { PAGE_SIZES } from '../../domain/codes';
import { PageLinks } from './PageLinks';

/**
 * 10, 25 or 50 rows a page (docs/PRODUCT.md §9 "Pages"), five page links (PageLinks); a new page size goes back to
 * page 1 (react-admin's list parameters do so). Without a total (a search the server
 * counted only up to its cap: count_capped) there are no page numbers to
 * show: react-admin's previous/next buttons and "1-10 of more than 10".
 */
export const AppPagination = () => {
  const { total } = useListPaginationContext();
  return <Pagination rowsPerPageOptions={[...PAGE_SIZES]} actions={total == null ? undefined : PageLinks} />;
};
