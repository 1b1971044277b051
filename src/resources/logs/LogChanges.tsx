import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { changeRows, codeFor, showValue } from './logValues';
import { formatDateTime } from '../../../domain/format';

const Empty = () => (
  <Typography component="span" color="text.disabled">
    —
  </Typography>
);

/** The expanded row of a log: each field's old and new value, codes in words, changed ones marked. */
export const LogChanges = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext();
  if (!record) return null;
  const rows = changeRows(record.old_value, record.new_value);
  if (rows.length === 0) {
    return (
      <Typography variant="body2" sx={{ p: 2 }}>
        {translate('app.logs.noValues')}
      </Typography>
    );
  }
  const show = (field: string, value: unknown) => {
    if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
    const code = codeFor(field, value);
    if (code) return translate(code.labelKey, code.count === undefined ? {} : { smart_count: code.count });
    if (field.endsWith('_at') && typeof value === 'string' && !Number.isNaN(Date.parse(value)))
      return formatDateTime(value, locale);
    if (field === 'permissions' && Array.isArray(value))
      return value.map((p) => translate(`app.permissions.${p}`, { _: String(p) })).join(', ');
    return showValue(value);
  };
  return (
    <Box sx={{ px: 2, pb: 2, overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.logs.changes')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.logs.field')}</TableCell>
            <TableCell>{translate('resources.logs.fields.old_value')}</TableCell>
            <TableCell>{translate('resources.logs.fields.new_value')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.field || 'value'} sx={row.changed ? { bgcolor: 'action.hover' } : undefined}>
              <TableCell component="th" scope="row" sx={{ fontWeight: row.changed ? 600 : 400 }}>
                {row.field
                  ? translate(`resources.users.fields.${row.field}`, { _: row.field })
                  : translate('app.logs.value')}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{show(row.field, row.before) || <Empty />}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{show(row.field, row.after) || <Empty />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};
