import { Box, PaginationItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PAGE_LINKS } from '../../domain/codes';

/**
 * The pages whose links show (1-based): `size` consecutive pages around `page`, kept inside 1..`pages`
 * (page 1 of 9: 1–5; page 5: 3–7; page 9: 5–9).
 */
export function pageWindow(page: number, pages: number, size: number = PAGE_LINKS): number[] {
  if (pages < 1) return [];
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), pages - size + 1));
  const end = Math.min(pages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export interface PageLinksProps {
  /** 0-based, as MUI's TablePagination and react-admin's Pagination give it */
  page: number;
  rowsPerPage: number;
  count: number;
  /** react-admin's and MUI's handlers type the click apart; both take the click as it comes */
  onPageChange: (event: never, page: number) => void;
}

/**
 * A list's page links (docs/PRODUCT.md §9 "Pages"): first, previous, five numbered pages around the current one,
 * next and last, each named in the user's language; the actions of react-admin's Pagination (AppPagination) and of
 * MUI's TablePagination alike. The arrows follow the page's direction (right-to-left in Arabic).
 */
export const PageLinks = ({ page, rowsPerPage, count, onPageChange }: PageLinksProps) => {
  const translate = useTranslate();
  const pages = Math.max(1, Math.ceil(count / rowsPerPage));
  if (pages === 1) return null;
  const current = page + 1;
  const go = (to: number) => (event: React.MouseEvent) => onPageChange(event as never, to - 1);
  const edge = (type: 'first' | 'previous' | 'next' | 'last', to: number, disabled: boolean) => (
    <li>
      <PaginationItem
        type={type}
        size="small"
        disabled={disabled}
        onClick={go(to)}
        aria-label={translate(`ra.navigation.${type}`)}
      />
    </li>
  );
  return (
    <Box
      component="nav"
      aria-label={translate('app.pagination')}
      sx={{
        flexShrink: 0,
        ml: { sm: 2 },
        '& ul': { display: 'flex', alignItems: 'center', listStyle: 'none', p: 0, m: 0 },
      }}
    >
      <ul>
        {edge('first', 1, current === 1)}
        {edge('previous', current - 1, current === 1)}
        {pageWindow(current, pages).map((n) => (
          <li key={n}>
            <PaginationItem
              type="page"
              page={n}
              size="small"
              selected={n === current}
              aria-current={n === current ? 'page' : undefined}
              onClick={go(n)}
              aria-label={translate(n === current ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: n })}
            />
          </li>
        ))}
        {edge('next', current + 1, current === pages)}
        {edge('last', pages, current === pages)}
      </ul>
    </Box>
  );
};
