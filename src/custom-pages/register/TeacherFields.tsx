import { Grid } from '@mui/material';
import { TextInput } from 'react-admin';
import {
  AVAILABLE_HOURS,
  DEGREES,
  EMPLOYMENT,
  EMPLOYMENT_PLACES,
  EXPERIENCE,
  GRADES,
  SPECIALIZATIONS,
} from '../../../domain/codes';
import { CodeSelectInput } from '../../components/CodeSelectInput';

const label = (field: string) => `resources.users.fields.${field}`;

/** A teacher's background, at sign-up and on the edit form (docs/PRODUCT.md §3 "User", §9 "Codes"). */
export const TeacherFields = () => (
  <Grid container columnSpacing={2}>
    <Grid size={{ xs: 12, sm: 6 }}>
      <CodeSelectInput source="degree" label={label('degree')} codes={DEGREES} />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextInput source="major" label={label('major')} />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextInput source="faculty" label={label('faculty')} />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <CodeSelectInput source="specialization" label={label('specialization')} codes={SPECIALIZATIONS} />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <CodeSelectInput source="grade" label={label('grade')} codes={GRADES} />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <CodeSelectInput source="employment" label={label('employment')} codes={EMPLOYMENT} />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <CodeSelectInput source="experience" label={label('experience')} codes={EXPERIENCE} />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <CodeSelectInput source="available_hours" label={label('available_hours')} codes={AVAILABLE_HOURS} />
    </Grid>
    <Grid size={{ xs: 12, sm: 6 }}>
      <CodeSelectInput source="employment_place" label={label('employment_place')} codes={EMPLOYMENT_PLACES} />
    </Grid>
  </Grid>
);
