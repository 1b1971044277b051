import { Autocomplete, Paper, TextField, Typography } from '@mui/material';
import { type Identifier, useGetList, useTranslate } from 'react-admin';

/**
 * For users above the region level (the platform admin): which region a region page
 * shows, like SchoolPicker for the school pages. The page keeps the choice (in its
 * address) and calls nothing until one is made.
 */
export const RegionPicker = ({
  regionId,
  onChange,
}: {
  regionId: Identifier | undefined;
  onChange: (regionId: Identifier | undefined) => void;
}) => {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList('regions', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const value = data.find((r) => String(r.id) === String(regionId)) ?? null;
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
      <Autocomplete
        options={data}
        loading={isPending}
        value={value}
        getOptionLabel={(r) => String(r.name ?? '')}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, r) => onChange(r ? r.id : undefined)}
        renderInput={(params) => <TextField {...params} label={translate('app.schools.pickRegion')} />}
        sx={{ maxWidth: 480 }}
      />
      {!value && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.schools.pickRegionHelp')}
        </Typography>
      )}
    </Paper>
  );
};
