import { MenuItem, TextField } from '@mui/material';
import { useTranslate, type Identifier } from 'react-admin';
import { useMyChildren } from '../../hooks/useMyChildren';

/** Which of the family's children: required where a family acts for one (docs/PRODUCT.md §5). */
export const ChildChoice = ({
  value,
  onChange,
  error,
}: {
  value: Identifier | '';
  onChange: (id: Identifier | '') => void;
  error?: string;
}) => {
  const translate = useTranslate();
  const { children } = useMyChildren();
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={translate('app.courses.child')}
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      error={!!error}
      helperText={error ? translate(error) : children.length ? undefined : translate('app.courses.noChildren')}
    >
      {children.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
};
