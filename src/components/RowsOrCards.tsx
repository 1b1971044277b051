import type { Key, ReactNode } from 'react';
import { Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { usePhone } from '../hooks/usePhone';
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

/**
 * A list of rows as a table on a desktop and as cards on a phone (docs/PRODUCT.md §2 "Phones"), from one list of
 * columns, so that both show the same fields and the same actions.
 */
export const RowsOrCards = <Row,>({ label, rows, rowKey, columns, actions, selected }: RowsOrCardsProps<Row>) => {
  const phone = usePhone();
  if (phone)
    return (
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
    );
  return (
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
  );
};
