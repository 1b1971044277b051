import { Chip } from '@mui/material';
import { type FieldProps, useFieldValue, useTranslate } from 'react-admin';

/** Published (on the public page) or not. */
export const PublishedField = (props: FieldProps) => {
  const translate = useTranslate();
  const published = useFieldValue({ ...props, source: props.source ?? 'published' }) === true;
  return (
    <Chip
      size="small"
      color={published ? 'success' : 'default'}
      variant={published ? 'filled' : 'outlined'}
      label={translate(published ? 'app.forms.published' : 'app.forms.draft')}
    />
  );
};
