import { Pagination, PaginationActions, type PaginationActionsProps, useTranslate } from 'react-admin';
import { PAGE_SIZES } from '../../domain/codes';

/** Page links whose landmark is named in the user's language (MUI's default is English). */
const NamedPaginationActions = (props: PaginationActionsProps) => {
  const translate = useTranslate();
  return <PaginationActions {...props} aria-label={translate('app.pagination')} />;
};

/** 10, 25 or 50 rows a page (SPEC.md §9). */
export const AppPagination = () => <Pagination rowsPerPageOptions={[...PAGE_SIZES]} actions={NamedPaginationActions} />;
