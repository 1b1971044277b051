import { Box, Typography } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ListBase,
  Pagination,
  TextField,
  useLocaleState,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { PAGE_SIZES } from '../../../domain/codes';
import { answerText, type FormField } from '../../../domain/schemas/public';
import { LocaleDateField } from '../../components/LocaleDateField';
import { ExportAnswersButton } from './ExportAnswersButton';
import { useInLocale } from './useInLocale';
import { PageLinks } from '../../components/PageLinks';

const Empty = () => {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 2 }} color="text.secondary">
      {translate('app.forms.noAnswers')}
    </Typography>
  );
};

/** The form's answers, newest first, a column per question in the console's language; exported to xlsx. */
export const FormAnswers = () => {
  const form = useRecordContext();
  const inLocale = useInLocale();
  const [locale] = useLocaleState();
  if (!form) return null;
  const fields = (form.fields ?? []) as FormField[];
  return (
    <ListBase
      resource="formAnswers"
      filter={{ form_id: form.id }}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={PAGE_SIZES[0]}
      disableSyncWithLocation
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <ExportAnswersButton />
      </Box>
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<Empty />}>
        <TextField source="id" label="resources.formAnswers.fields.id" />
        <LocaleDateField source="created_at" showTime label="resources.formAnswers.fields.created_at" />
        {fields.map((field) => (
          <FunctionField
            key={field.name}
            label={inLocale(field.label)}
            sortable={false}
            render={(answer: RaRecord) => answerText(field, answer.answers?.[field.name], locale)}
          />
        ))}
      </Datagrid>
      <Pagination rowsPerPageOptions={[...PAGE_SIZES]} actions={PageLinks} />
    </ListBase>
  );
};
