import { Autocomplete, Paper, TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { useCurrentSchool } from '../hooks/useCurrentSchool';

/**
 * For users above the school level (the platform admin): which school the
 * school pages show. School admins never see it: their school is theirs.
 */
export const SchoolPicker = () => {
  const translate = useTranslate();
  const { schoolId, mustChoose, setSchoolId } = useCurrentSchool();
  const { data = [], isPending } = useGetList('schools', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  if (!mustChoose) return null;
  const value = data.find((s) => s.id === schoolId) ?? null;
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
      <Autocomplete
        options={data}
        loading={isPending}
        value={value}
        getOptionLabel={(s) => `${s.name} — ${s.region_name}`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, s) => setSchoolId(s ? Number(s.id) : undefined)}
        renderInput={(params) => <TextField {...params} label={translate('app.schools.pickSchool')} />}
        sx={{ maxWidth: 480 }}
      />
      {!value && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.schools.pickSchoolHelp')}
        </Typography>
      )}
    </Paper>
  );
};
