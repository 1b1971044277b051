import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Button, SelectInput, TextInput, useDataProvider, useGetList, useRefresh, useTranslate } from 'react-admin';
import { schoolAdminRegistrationSchema, schoolUpdateSchema } from '../../../domain/schemas/schools';
import type { AppDataProvider } from '../../dataProvider';
import { FormDialog } from '../../components/FormDialog';
import { EditInDialogButton } from '../../components/EditInDialogButton';
import { NewPasswordInput } from '../../components/NewPasswordInput';

/**
 * A region admin (or the platform admin) registers a school admin: with a
 * new school (name, city, address) or for an existing school of the region.
 */
export const RegisterSchoolButton = ({ platform }: { platform: boolean }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { data: schools = [] } = useGetList(
    'schools',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open },
  );
  const { data: regions = [] } = useGetList(
    'regions',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open && platform },
  );
  return (
    <>
      <Button label="app.schools.register" variant="contained" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <FormDialog
        open={open}
        title={translate('app.schools.register')}
        schema={schoolAdminRegistrationSchema}
        save={(v) => dataProvider.registerSchoolAdmin(v)}
        successMessage="app.schools.registered"
        onSaved={refresh}
        onClose={() => setOpen(false)}
      >
        <SelectInput
          source="school_id"
          label="app.schools.existingSchool"
          choices={schools}
          optionText="name"
          emptyText="app.schools.newSchool"
          fullWidth
        />
        <TextInput
          source="school_name"
          label="app.schools.newSchoolName"
          helperText="app.schools.newSchoolHelp"
          fullWidth
        />
        {platform && (
          <SelectInput
            source="region_id"
            label="resources.schools.fields.region_name"
            choices={regions}
            optionText="name"
            fullWidth
          />
        )}
        <TextInput source="city" label="resources.schools.fields.city" fullWidth />
        <TextInput source="address" label="resources.schools.fields.address" fullWidth />
        <TextInput source="name" label="app.schools.adminName" fullWidth />
        <TextInput source="email" label="resources.users.fields.email" type="email" fullWidth />
        <NewPasswordInput source="password" label="resources.users.fields.password" fullWidth />
      </FormDialog>
    </>
  );
};

/** Edit a school's name, city and address (POST /region/school/update/{id}). */
export const EditSchoolButton = (_props: { label?: string }) => (
  <EditInDialogButton
    resource="schools"
    titleKey="app.schools.edit"
    values={(record) => ({ name: record.name, city: record.city ?? '', address: record.address ?? '' })}
    schema={schoolUpdateSchema}
  >
    <TextInput source="name" label="resources.schools.fields.name" fullWidth />
    <TextInput source="city" label="resources.schools.fields.city" fullWidth />
    <TextInput source="address" label="resources.schools.fields.address" fullWidth />
  </EditInDialogButton>
);
