import { Typography } from '@mui/material';
import { type FieldProps, useFieldValue } from 'react-admin';
import type { LocalizedText } from '../../../domain/schemas/public';
import { useInLocale } from './useInLocale';

/** A text kept in every language (a form's title), shown in the console's. */
export const LocalizedTitleField = (props: FieldProps) => {
  const inLocale = useInLocale();
  const value = useFieldValue(props) as Partial<LocalizedText> | undefined;
  return (
    <Typography component="span" variant="body2">
      {inLocale(value)}
    </Typography>
  );
};
