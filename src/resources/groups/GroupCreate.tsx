import { Create, SimpleForm } from 'react-admin';
import { groupSchema } from '../../../domain/schemas/teaching';
import { zodValidate } from '../../validation/zodValidate';
import { GroupInputs } from './GroupInputs';

const validate = zodValidate(groupSchema);

/** /groups/create: a new group of the teacher (a promo code is made when none is given). */
const GroupCreate = () => (
  <Create title="app.groups.create" redirect="show">
    <SimpleForm validate={validate} mode="onTouched" defaultValues={{ status: 1, days: [], country: 'EG' }}>
      <GroupInputs />
    </SimpleForm>
  </Create>
);

export default GroupCreate;
