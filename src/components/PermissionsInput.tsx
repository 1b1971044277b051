import { Box, Checkbox, FormControlLabel, FormGroup, FormLabel, Paper, Typography } from '@mui/material';
import { Loading, useGetList, useInput, useTranslate } from 'react-admin';
import { PERMISSION_NAMES } from '../../domain/permissions';

interface PermissionRow {
  id: number;
  name: string;
  group: string;
}

/** Domain order first (domain/permissions.ts), names the console does not know after them. */
const rank = (name: string) => {
  const i = (PERMISSION_NAMES as readonly string[]).indexOf(name);
  return i === -1 ? Number.MAX_SAFE_INTEGER : i;
};

/** The permission catalogue (GET /api/permissions) as {group: names[]}, in the domain's order. */
export const usePermissionGroups = () => {
  const { data, isPending, error } = useGetList<PermissionRow>('permissions', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const sorted = [...(data ?? [])].sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  const groups = new Map<string, string[]>();
  for (const p of sorted) groups.set(p.group, [...(groups.get(p.group) ?? []), p.name]);
  return { groups, isPending, error };
};

/** Checkboxes per permission group, bound to an array of permission names. */
export const PermissionsInput = ({
  source = 'permissions',
  label = 'resources.roles.fields.permissions',
}: {
  source?: string;
  label?: string;
}) => {
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
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {[...groups.entries()].map(([group, names]) => (
          <Paper
            key={group}
            variant="outlined"
            sx={{ p: 1.5 }}
            role="group"
            aria-label={translate(`app.permissionGroups.${group}`, { _: group })}
          >
            <Typography variant="subtitle2" component="h3">
              {translate(`app.permissionGroups.${group}`, { _: group })}
            </Typography>
            <FormGroup>
              {names.map((name) => (
                <FormControlLabel
                  key={name}
                  control={
                    <Checkbox
                      size="small"
                      checked={selected.has(name)}
                      onChange={(e) => toggle(name, e.target.checked)}
                    />
                  }
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
