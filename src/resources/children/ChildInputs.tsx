import { Checkbox, FormControlLabel, Grid } from '@mui/material';
import { DateInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { CHILD_GENDERS, CHILD_LANGUAGES, CHILD_SECOND_LANGUAGES } from '../../../domain/codes';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { CountryInput } from '../../components/CountryInput';

const half = { xs: 12, sm: 6 } as const;
const label = (field: string) => `resources.children.fields.${field}`;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The second language is asked only when the child speaks one (docs/PRODUCT.md §4 "Forms that follow what is typed");
 * the domain schema refuses a second language without the tick, and the
 * tick without a second language.
 */
const SecondLanguage = () => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const speaks = !!useWatch({ name: 'speaks_second_language' });
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            name="speaks_second_language"
            checked={speaks}
            onChange={(e) => {
              setValue('speaks_second_language', e.target.checked, { shouldDirty: true, shouldValidate: true });
              if (!e.target.checked) setValue('second_language', null, { shouldDirty: true, shouldValidate: true });
            }}
          />
        }
        label={translate('app.children.speaksSecondLanguage')}
      />
      <CodeSelectInput
        source="second_language"
        label={label('second_language')}
        codes={CHILD_SECOND_LANGUAGES}
        disabled={!speaks}
      />
    </>
  );
};

/** A child's fields (domain childSchema): name, gender and birth date required, no future date. */
export const ChildInputs = () => (
  <Grid container columnSpacing={2}>
    <Grid size={half}>
      <TextInput source="name" label={label('name')} />
    </Grid>
    <Grid size={half}>
      <CodeSelectInput source="gender" label={label('gender')} codes={CHILD_GENDERS} />
    </Grid>
    <Grid size={half}>
      <DateInput source="birthdate" label={label('birthdate')} slotProps={{ htmlInput: { max: today() } }} />
    </Grid>
    <Grid size={half}>
      <CountryInput label={label('country')} />
    </Grid>
    <Grid size={half}>
      <TextInput source="city" label={label('city')} />
    </Grid>
    <Grid size={half}>
      <TextInput source="mobile_no" type="tel" label={label('mobile_no')} />
    </Grid>
    <Grid size={half}>
      <CodeSelectInput source="language" label={label('language')} codes={CHILD_LANGUAGES} />
    </Grid>
    <Grid size={half}>
      <SecondLanguage />
    </Grid>
    <Grid size={12}>
      <TextInput source="about_me" label={label('about_me')} multiline minRows={2} />
    </Grid>
  </Grid>
);
