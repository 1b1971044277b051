import { Grid } from '@mui/material';
import {
  CheckboxGroupInput,
  DateInput,
  ImageField,
  ImageInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { AGE_GROUPS, COURSE_LANGUAGES, GROUP_STATUSES, UPLOAD_LIMIT_BYTES } from '../../../domain/codes';
import { AuthImage } from '../../components/AuthImage';
import { CodeSelectInput } from '../../components/CodeSelectInput';

const half = { xs: 12, sm: 6 } as const;
const label = (field: string) => `resources.courses.fields.${field}`;

/** The current cover of a course being edited (served with the bearer token). */
const CurrentImage = () => {
  const record = useRecordContext();
  return record?.image ? (
    <AuthImage src={`${record.image}?thumb=1`} alt="" style={{ maxWidth: 240, borderRadius: 8 }} />
  ) : null;
};

/**
 * A course's fields (domain courseSchema): name, description, age group
 * (5 all ages), languages, start and end dates (end ≥ start), status, and
 * the cover image (required for a new course; kept when none is chosen).
 */
export const CourseInputs = () => {
  const translate = useTranslate();
  return (
    <Grid container columnSpacing={2}>
      <Grid size={half}>
        <TextInput source="name" label={label('name')} />
      </Grid>
      <Grid size={half}>
        <CodeSelectInput source="age_group" label={label('age_group')} codes={AGE_GROUPS} />
      </Grid>
      <Grid size={12}>
        <TextInput source="description" label={label('description')} multiline minRows={3} />
      </Grid>
      <Grid size={12}>
        <CheckboxGroupInput
          source="languages"
          label={label('languages')}
          choices={COURSE_LANGUAGES.map((c) => ({ id: c.id, name: translate(c.labelKey) }))}
          translateChoice={false}
        />
      </Grid>
      <Grid size={half}>
        <DateInput source="start_date" label={label('start_date')} />
      </Grid>
      <Grid size={half}>
        <DateInput source="end_date" label={label('end_date')} />
      </Grid>
      <Grid size={half}>
        <CodeSelectInput source="status" label={label('status')} codes={GROUP_STATUSES} emptyText="" />
      </Grid>
      <Grid size={12}>
        <CurrentImage />
        <ImageInput
          source="image_file"
          label={label('image')}
          accept={{ 'image/*': ['.png', '.jpg', '.jpeg', '.gif', '.webp'] }}
          maxSize={UPLOAD_LIMIT_BYTES}
          // react-admin's label above the drop zone is a paragraph, not a <label>: the file input is named here
          inputProps={{ 'aria-label': translate(label('image')) }}
        >
          <ImageField source="src" title="title" />
        </ImageInput>
      </Grid>
    </Grid>
  );
};
