import { Box, Checkbox, FormControlLabel, FormGroup, FormLabel, Paper, Typography } from '@mui/material';
import { Loading, useGetList, useInput, useTranslate } from 'react-admin';

interface PermissionRow {
  id: number;
  name: string;
  group: string;
}

/** The permission catalogue (GET /api/permissions) as {group: names[]}, in the server's order. */
export const usePermissionGroups = () => {
  const { data, isPending, error } = useGetList<PermissionRow>('permissions', { pagination: { page: 1, perPage: 1000 } });
  const groups = new Map<string, string[]>();
  for (const p of data ?? []) groups.set(p.group, [...(groups.get(p.group) ?? []), p.name]);
  return { groups, isPending, error };
};

/** Checkboxes per permission group, bound to an array of permission names. */
export const PermissionsInput = ({ source = 'permissions', label = 'resources.roles.fields.permissions' }: { source?: string; label?: string }) => {
  const translate = useTranslate();
  const { groups, isPending } = usePermissionGroups();
  const { field } = useInput({ source, defaultValue: [] });
  const selected = new Set<string>(Array.isArray(field.value) ? field.value : []);

  const toggle = (name: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    field.onChange([...next]);
  };

  if (isPending) return <Loading />;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {translate(label)}
      </FormLabel>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {[...groups.entries()].map(([group, names]) => (
          <Paper key={group} variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={translate(`app.permissionGroups.${group}`, { _: group })}>
            <Typography variant="subtitle2" component="h3">
              {translate(`app.permissionGroups.${group}`, { _: group })}
            </Typography>
            <FormGroup>
              {names.map((name) => (
                <FormControlLabel
                  key={name}
                  control={<Checkbox size="small" checked={selected.has(name)} onChange={(e) => toggle(name, e.target.checked)} />}
                  label={translate(`app.permissions.${name}`, { _: name })}
                />
              ))}
            </FormGroup>
          </Paper>
        ))}
      </Box>
    </Box>
  );
};
