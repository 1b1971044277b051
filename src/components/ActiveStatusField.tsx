import { Chip } from '@mui/material';
import { type FieldProps, useFieldValue, useTranslate } from 'react-admin';
import { USER_STATUS } from '../../domain/codes';

/** removed: 0 active, anything else inactive. */
export const ActiveStatusField = (props: FieldProps) => {
  const translate = useTranslate();
  const removed = useFieldValue({ ...props, source: props.source ?? 'removed' });
  const active = Number(removed ?? 0) === USER_STATUS.active;
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'app.users.active' : 'app.users.inactive')}
    />
  );
};
