import { Chip, List as MuiList, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { EditButton, Labeled, Show, TabbedShowLayout, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { FORM_FIELD_KINDS } from '../../../domain/codes';
import type { FormField } from '../../../domain/schemas/public';
import { FormAnswers } from './FormAnswers';
import { LocalizedTitleField } from './LocalizedTitleField';
import { PublishedField } from './PublishedField';
import { useInLocale } from './useInLocale';

/** The questions in the console's language: kind, required, choices. */
const Questions = () => {
  const form = useRecordContext();
  const translate = useTranslate();
  const inLocale = useInLocale();
  const fields = (form?.fields ?? []) as FormField[];
  return (
    <MuiList dense>
      {fields.map((field, index) => {
        const kind = FORM_FIELD_KINDS.find((k) => k.id === field.kind);
        return (
          <ListItem key={field.name} divider>
            <ListItemText
              primary={`${index + 1}. ${inLocale(field.label)}`}
              secondary={field.options?.map((o) => inLocale(o.label)).join(' · ')}
            />
            <Stack direction="row" spacing={1}>
              {kind && <Chip size="small" variant="outlined" label={translate(kind.labelKey)} />}
              {field.required && (
                <Chip size="small" color="primary" variant="outlined" label={translate('app.forms.required')} />
              )}
            </Stack>
          </ListItem>
        );
      })}
    </MuiList>
  );
};

const Description = () => {
  const inLocale = useInLocale();
  const form = useRecordContext();
  const text = inLocale(form?.description);
  return text ? (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Typography>
  ) : null;
};

/** /forms/{id}/show: the questions, and the answers with their export. */
const FormShow = () => (
  <Show
    actions={
      <TopToolbar>
        <EditButton />
      </TopToolbar>
    }
  >
    <TabbedShowLayout>
      <TabbedShowLayout.Tab label="resources.forms.fields.fields">
        <Labeled>
          <LocalizedTitleField source="title" />
        </Labeled>
        <Description />
        <Labeled>
          <PublishedField source="published" />
        </Labeled>
        <Questions />
      </TabbedShowLayout.Tab>
      <TabbedShowLayout.Tab label="app.forms.answers" path="answers">
        <FormAnswers />
      </TabbedShowLayout.Tab>
    </TabbedShowLayout>
  </Show>
);

export default FormShow;
