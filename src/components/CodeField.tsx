import { Typography } from '@mui/material';
import { type FieldProps, useFieldValue, useTranslate } from 'react-admin';
import type { Code } from '../../domain/codes';

/** The translated label of a coded value, e.g. type 1 → "Teacher". */
export const CodeField = ({
  codes,
  ...props
}: FieldProps & { codes: readonly (Code<number | string> & { count?: number })[] }) => {
  const translate = useTranslate();
  const value = useFieldValue(props);
  const code = codes.find((c) => String(c.id) === String(value));
  return (
    <Typography component="span" variant="body2">
      {code ? translate(code.labelKey, code.count === undefined ? {} : { smart_count: code.count }) : (value ?? '')}
    </Typography>
  );
};
