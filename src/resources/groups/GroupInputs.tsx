import { Grid } from '@mui/material';
import { CheckboxGroupInput, DateInput, ReferenceInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { AGE_GROUPS, DAYS, GRADES, GROUP_GENDERS, GROUP_STATUSES } from '../../../domain/codes';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { CountryInput } from '../../components/CountryInput';

const half = { xs: 12, sm: 6 } as const;
const third = { xs: 12, sm: 4 } as const;
const label = (field: string) => `resources.groups.fields.${field}`;

/**
 * A group's fields (domain groupSchema; docs/PRODUCT.md §5 "Edit group"): name,
 * days, course, grade, school, country and city required; the rest optional.
 */
export const GroupInputs = () => {
  const translate = useTranslate();
  return (
    <Grid container columnSpacing={2}>
      <Grid size={half}>
        <TextInput source="name" label={label('name')} />
      </Grid>
      <Grid size={half}>
        <ReferenceInput source="course_id" reference="courses" perPage={100} sort={{ field: 'name', order: 'ASC' }}>
          <SelectInput optionText="name" label={label('course_id')} />
        </ReferenceInput>
      </Grid>
      <Grid size={12}>
        <CheckboxGroupInput
          source="days"
          label={label('days')}
          choices={DAYS.map((d) => ({ id: d.id, name: translate(d.labelKey) }))}
          translateChoice={false}
        />
      </Grid>
      <Grid size={third}>
        <CodeSelectInput source="grade" label={label('grade')} codes={GRADES} />
      </Grid>
      <Grid size={third}>
        <TextInput source="school" label={label('school')} />
      </Grid>
      <Grid size={third}>
        <TextInput source="age_class" label={label('age_class')} />
      </Grid>
      <Grid size={half}>
        <CountryInput label={label('country')} />
      </Grid>
      <Grid size={half}>
        <TextInput source="city" label={label('city')} />
      </Grid>
      <Grid size={half}>
        <DateInput source="start_from" label={label('start_from')} />
      </Grid>
      <Grid size={half}>
        <DateInput source="end_at" label={label('end_at')} />
      </Grid>
      <Grid size={third}>
        <CodeSelectInput source="age_group" label={label('age_group')} codes={AGE_GROUPS} />
      </Grid>
      <Grid size={third}>
        <CodeSelectInput source="gender" label={label('gender')} codes={GROUP_GENDERS} />
      </Grid>
      <Grid size={third}>
        <CodeSelectInput source="status" label={label('status')} codes={GROUP_STATUSES} />
      </Grid>
      <Grid size={half}>
        <TextInput source="promo_code" label={label('promo_code')} helperText="app.groups.promoCodeHelp" />
      </Grid>
      <Grid size={half}>
        <TextInput source="zoom_link" type="url" label={label('zoom_link')} />
      </Grid>
      <Grid size={12}>
        <TextInput source="about_me" label={label('about_me')} multiline minRows={2} />
      </Grid>
    </Grid>
  );
};
