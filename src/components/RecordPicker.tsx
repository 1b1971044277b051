import { Autocomplete, Paper, TextField, Typography } from '@mui/material';
import { type Identifier, type RaRecord, useGetList, useTranslate } from 'react-admin';

/**
 * Which record (a school, a region) a page shows, for users above that level: a searchable list of the
 * resource's records by name, with a hint until one is chosen. The page keeps the choice and calls nothing
 * until one is made. SchoolPicker and RegionPicker are this picker with their resource and texts.
 */
export const RecordPicker = ({
  resource,
  value: chosenId,
  onChange,
  label,
  hint,
  optionLabel = (record) => String(record.name ?? ''),
}: {
  resource: string;
  value: Identifier | undefined;
  onChange: (id: Identifier | undefined) => void;
  /** the translation keys of the field's label and of the hint shown until a choice is made */
  label: string;
  hint: string;
  optionLabel?: (record: RaRecord) => string;
}) => {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList(resource, {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const value = data.find((r) => String(r.id) === String(chosenId)) ?? null;
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
      <Autocomplete
        options={data}
        loading={isPending}
        value={value}
        getOptionLabel={optionLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, r) => onChange(r ? r.id : undefined)}
        renderInput={(params) => <TextField {...params} label={translate(label)} />}
        sx={{ maxWidth: 480 }}
      />
      {!value && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate(hint)}
        </Typography>
      )}
    </Paper>
  );
};
