import type { Key, ReactNode } from 'react';
import { Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { usePhoneLayout } from '../hooks/usePhone';
import { PhoneCardList } from './PhoneCardList';

export interface RowColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
}

export interface RowsOrCardsProps<Row> {
  /** what the table (or the list of cards) is: its accessible name */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** the columns; on a phone the first is the card's heading, the others its fields */
  columns: readonly RowColumn<Row>[];
  /** the row's buttons and links, all of them */
  actions?: (row: Row) => ReactNode;
  /** the row to highlight */
  selected?: (row: Row) => boolean;
}

/** Shown below the `sm` breakpoint only, or from it on only: the breakpoint of usePhone (src/hooks/usePhone.ts). */
const PHONE_ONLY = { display: { xs: 'block', sm: 'none' } } as const;
const WIDE_ONLY = { display: { xs: 'none', sm: 'block' } } as const;

/**
 * The phone's layout on a phone, the wide one on a wider screen (docs/PRODUCT.md §2 "Phones"). While the layout is
 * unknown (a page the server renders, and its hydration: src/hooks/usePhone.ts) both are in the HTML and the CSS
 * shows the one that fits the screen, the other `display: none` (so that neither assistive technology nor axe reads
 * it); once hydrated, only the one that fits is rendered, in the same place, so the elements shown stay
 * (docs/DECISIONS.md "The pages with data rendered per request"). What either layout holds must not carry fixed ids:
 * both are in the page until hydrated.
 */
export const PhoneOrWide = ({ phone, wide }: { phone: ReactNode; wide: ReactNode }) => {
  const layout = usePhoneLayout();
  const unknown = layout === 'unknown';
  return (
    <>
      {layout !== 'wide' ? (
        <Box sx={unknown ? PHONE_ONLY : undefined} data-layout="phone">
          {phone}
        </Box>
      ) : null}
      {layout !== 'phone' ? (
        <Box sx={unknown ? WIDE_ONLY : undefined} data-layout="wide">
          {wide}
        </Box>
      ) : null}
    </>
  );
};

/**
 * A list of rows as a table on a desktop and as cards on a phone (docs/PRODUCT.md §2 "Phones"), from one list of
 * columns, so that both show the same fields and the same actions.
 */
export const RowsOrCards = <Row,>({ label, rows, rowKey, columns, actions, selected }: RowsOrCardsProps<Row>) => {
  return (
    <PhoneOrWide
      phone={
        <PhoneCardList
          label={label}
          cards={rows.map((row) => ({
            key: rowKey(row),
            title: columns[0]?.value(row),
            fields: columns.slice(1).map((column) => [column.label, column.value(row)] as const),
            actions: actions?.(row),
            selected: selected?.(row),
          }))}
        />
      }
      wide={
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.label}>{column.label}</TableCell>
                ))}
                {actions ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={rowKey(row)} selected={selected?.(row)}>
                  {columns.map((column) => (
                    <TableCell key={column.label}>{column.value(row)}</TableCell>
                  ))}
                  {actions ? (
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        {actions(row)}
                      </Stack>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      }
    />
  );
};
