import { Edit, SaveButton, SimpleForm, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { groupSchema } from '../../../domain/schemas/teaching';
import { zodValidate } from '../../validation/zodValidate';
import { DeleteGroupButton } from './DeleteGroupButton';
import { GroupInputs } from './GroupInputs';

const validate = zodValidate(groupSchema);

const Title = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  return <>{translate('app.groups.editTitle', { name: record?.name ?? '' })}</>;
};

const EditToolbar = () => (
  <Toolbar sx={{ gap: 1 }}>
    <SaveButton />
    <span style={{ flex: 1 }} />
    <DeleteGroupButton />
  </Toolbar>
);

/** /groups/:id: edit a group; an invalid form blocks saving (docs/PRODUCT.md §5 "Edit group"). */
const GroupEdit = () => (
  <Edit title={<Title />} mutationMode="pessimistic" redirect="show">
    <SimpleForm validate={validate} mode="onTouched" toolbar={<EditToolbar />}>
      <GroupInputs />
    </SimpleForm>
  </Edit>
);

export default GroupEdit;
