import { Box, Divider, Typography } from '@mui/material';
import { ArrayInput, BooleanInput, FormDataConsumer, NumberInput, SimpleFormIterator, useTranslate } from 'react-admin';
import { CHOICE_KINDS, FORM_FIELD_KINDS, type FormFieldKind } from '../../../domain/codes';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { LocalizedInputs } from './LocalizedInputs';

/** The options of a choice question, each labelled in every language. */
const OptionInputs = () => (
  <ArrayInput source="options" label="app.forms.options">
    <SimpleFormIterator disableReordering={false} fullWidth>
      <LocalizedInputs source="label" label="app.forms.optionLabel" />
    </SimpleFormIterator>
  </ArrayInput>
);

/** One question: its kind, its text in every language, required or not, and what its kind needs. */
const QuestionInputs = () => (
  <Box sx={{ width: '100%' }}>
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <CodeSelectInput source="kind" label="app.forms.kind" codes={FORM_FIELD_KINDS} />
      <BooleanInput source="required" label="app.forms.required" />
    </Box>
    <LocalizedInputs source="label" label="app.forms.label" />
    <FormDataConsumer>
      {({ scopedFormData }) => {
        const kind = scopedFormData?.kind as FormFieldKind | undefined;
        if (kind && CHOICE_KINDS.includes(kind)) return <OptionInputs />;
        if (kind === 'number') {
          return (
            <Box sx={{ display: 'flex', gap: 2 }}>
              <NumberInput source="min" label="app.forms.min" />
              <NumberInput source="max" label="app.forms.max" />
            </Box>
          );
        }
        return null;
      }}
    </FormDataConsumer>
  </Box>
);

/** Create and edit share these: the title and description in each language, published or not, the questions. */
export const FormInputs = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <LocalizedInputs source="title" label="resources.forms.fields.title" />
      <LocalizedInputs source="description" label="resources.forms.fields.description" multiline />
      <BooleanInput source="published" label="resources.forms.fields.published" helperText="app.forms.publishedHint" />
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.forms.fieldsTitle')}
      </Typography>
      <ArrayInput source="fields" label={false}>
        <SimpleFormIterator fullWidth getItemLabel={(index) => `${index + 1}.`}>
          <QuestionInputs />
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
};
