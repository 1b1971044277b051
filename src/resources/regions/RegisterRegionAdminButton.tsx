import { useState } from 'react';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Button, SelectInput, TextInput, useDataProvider, useGetList, useRefresh, useTranslate } from 'react-admin';
import { regionAdminRegistrationSchema } from '../../../domain/schemas/schools';
import type { AppDataProvider } from '../../dataProvider';
import { FormDialog } from '../../components/FormDialog';
import { NewPasswordInput } from '../../components/NewPasswordInput';

/** The platform admin registers a region admin, for an existing region or a new one (POST /region/registeration/admin). */
export const RegisterRegionAdminButton = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { data: regions = [] } = useGetList(
    'regions',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );
  return (
    <>
      <Button label="app.regions.register" variant="contained" onClick={() => setOpen(true)}>
        <PersonAddIcon />
      </Button>
      <FormDialog
        open={open}
        title={translate('app.regions.register')}
        schema={regionAdminRegistrationSchema}
        save={(v) => dataProvider.registerRegionAdmin(v)}
        successMessage="app.regions.registered"
        onSaved={refresh}
        onClose={() => setOpen(false)}
      >
        <SelectInput
          source="region_id"
          label="app.regions.existingRegion"
          choices={regions}
          optionText="name"
          emptyText="app.regions.newRegion"
          fullWidth
        />
        <TextInput
          source="region_name"
          label="app.regions.newRegionName"
          helperText="app.regions.newRegionHelp"
          fullWidth
        />
        <TextInput source="name" label="resources.users.fields.name" fullWidth />
        <TextInput source="email" label="resources.users.fields.email" type="email" fullWidth />
        <NewPasswordInput source="password" label="resources.users.fields.password" fullWidth />
      </FormDialog>
    </>
  );
};
