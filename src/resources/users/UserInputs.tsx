import { Grid, Typography } from '@mui/material';
import { DateInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { FAMILY_GENDERS, TEACHER_GENDERS, USER_TYPE } from '../../../domain/codes';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { CountryInput } from '../../components/CountryInput';
import { TeacherFields } from '../../custom-pages/register/TeacherFields';

const half = { xs: 12, sm: 6 } as const;
const today = () => new Date().toISOString().slice(0, 10);

/** The fields of a user's edit form (domain userEditSchema), shared by the users resource and the profile dialog. */
export const UserInputs = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const teacher = Number(record?.type) === USER_TYPE.teacher;
  return (
    <>
      <Grid container columnSpacing={2} sx={{ width: '100%' }}>
        <Grid size={half}>
          <TextInput source="name" />
        </Grid>
        <Grid size={half}>
          <TextInput source="email" type="email" />
        </Grid>
        <Grid size={half}>
          <TextInput source="username" />
        </Grid>
        <Grid size={half}>
          <TextInput source="job_title" />
        </Grid>
        <Grid size={half}>
          <CodeSelectInput
            source="gender"
            label="resources.users.fields.gender"
            codes={teacher ? TEACHER_GENDERS : FAMILY_GENDERS}
          />
        </Grid>
        <Grid size={half}>
          <DateInput source="birthdate" slotProps={{ htmlInput: { max: today() } }} />
        </Grid>
        <Grid size={half}>
          <CountryInput />
        </Grid>
        <Grid size={half}>
          <TextInput source="city" />
        </Grid>
        <Grid size={half}>
          <TextInput source="mobile_no" type="tel" />
        </Grid>
        <Grid size={12}>
          <TextInput source="about_me" multiline minRows={2} />
        </Grid>
      </Grid>
      {teacher ? (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
            {translate('app.register.professional')}
          </Typography>
          <TeacherFields />
        </>
      ) : null}
    </>
  );
};
