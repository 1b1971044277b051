import { Chip } from '@mui/material';
import { type FieldProps, useFieldValue, useTranslate } from 'react-admin';
import { ORDER_STATUSES } from '../../../domain/codes';

const COLORS = { new: 'info', handled: 'success', cancelled: 'default' } as const;

/** An order's status as a coloured chip: new, handled or cancelled. */
export const OrderStatusField = (props: FieldProps) => {
  const translate = useTranslate();
  const value = useFieldValue({ ...props, source: props.source ?? 'status' }) as keyof typeof COLORS | undefined;
  const code = ORDER_STATUSES.find((c) => c.id === value);
  if (!code) return null;
  return (
    <Chip
      size="small"
      color={COLORS[code.id as keyof typeof COLORS]}
      label={translate(code.labelKey)}
      variant={value === 'new' ? 'filled' : 'outlined'}
    />
  );
};
