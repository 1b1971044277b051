import {
  Box,
  Checkbox,
  Chip,
  CircularProgress,
  Divider,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Form,
  Loading,
  SaveButton,
  useDataProvider,
  useGetList,
  useInput,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PermissionsInput } from '../../components/PermissionsInput';
import type { AppDataProvider, UserRoles } from '../../dataProvider';
import { notifyError } from '../../notifyError';
import { ErrorAlert } from '../../components/ErrorAlert';

interface RoleRow {
  id: number;
  name: string;
}

/** Role checkboxes bound to an array of role ids. */
const RolesInput = () => {
  const translate = useTranslate();
  const { data: roles = [], isPending } = useGetList<RoleRow>('roles', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const { field } = useInput({ source: 'roles', defaultValue: [] });
  const selected = new Set<number>((Array.isArray(field.value) ? field.value : []).map(Number));
  if (isPending) return <CircularProgress size={20} aria-label={translate('ra.page.loading')} />;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">{translate('resources.users.fields.roles')}</FormLabel>
      <FormGroup row>
        {roles.map((role) => (
          <FormControlLabel
            key={role.id}
            label={translate(`app.roles.${role.name}`, { _: role.name })}
            control={
              <Checkbox
                checked={selected.has(Number(role.id))}
                onChange={(e) => {
                  const next = new Set(selected);
                  if (e.target.checked) next.add(Number(role.id));
                  else next.delete(Number(role.id));
                  field.onChange([...next]);
                }}
              />
            }
          />
        ))}
      </FormGroup>
    </Box>
  );
};

/** A user's roles and direct permissions (GET/PUT /api/user/roles/{id}), with the permissions they add up to. */
export const UserRolesCard = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const id = record?.id;
  const queryKey = ['userRoles', String(id)];
  const { data, isPending, error } = useQuery({
    queryKey,
    queryFn: () => dataProvider.getUserRoles(id!),
    enabled: id !== undefined,
  });
  const save = useMutation({
    mutationFn: (value: { roles: number[]; permissions: string[] }) => dataProvider.setUserRoles(id!, value),
    onSuccess: (answer: UserRoles) => {
      queryClient.setQueryData(queryKey, answer);
      notify('app.notify.saved', { type: 'success' });
    },
    onError: (e: unknown) => notifyError(notify, e),
  });

  if (!record) return null;
  return (
    <Box component="section" sx={{ p: 2 }} aria-labelledby="user-roles-title">
      <Divider sx={{ mb: 2 }} />
      <Typography id="user-roles-title" variant="h6" component="h2" gutterBottom>
        {translate('app.users.rolesTitle')}
      </Typography>
      {isPending ? <Loading /> : null}
      {error ? <ErrorAlert error={error} /> : null}
      {data ? (
        <Form
          key={JSON.stringify(data)}
          record={{ id, roles: data.roles, permissions: data.permissions }}
          onSubmit={(values: { roles?: unknown[]; permissions?: string[] }) =>
            save.mutate({ roles: (values.roles ?? []).map(Number), permissions: values.permissions ?? [] })
          }
        >
          <Stack spacing={2}>
            <RolesInput />
            <PermissionsInput source="permissions" label="app.users.directPermissions" />
            <Box>
              <Typography variant="subtitle2" component="h3" gutterBottom>
                {translate('app.users.effectivePermissions')}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {data.effective.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {translate('app.users.noPermissions')}
                  </Typography>
                ) : (
                  data.effective.map((name) => (
                    <Chip key={name} size="small" label={translate(`app.permissions.${name}`, { _: name })} />
                  ))
                )}
              </Stack>
            </Box>
            <Box>
              <SaveButton alwaysEnable={false} disabled={save.isPending} />
            </Box>
          </Stack>
        </Form>
      ) : null}
    </Box>
  );
};
