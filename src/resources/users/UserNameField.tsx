import { Stack, Typography } from '@mui/material';
import { type FieldProps, useRecordContext } from 'react-admin';
import { UserAvatar } from '../../components/UserAvatar';

/** Picture (or the gender's default) and name. */
export const UserNameField = (_props: FieldProps) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <UserAvatar photo={record.photo as string | null} gender={record.gender} name={record.name as string} size={32} />
      <Typography variant="body2">{record.name as string}</Typography>
    </Stack>
  );
};
