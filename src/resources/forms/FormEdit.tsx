import { Edit, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { formSchema } from '../../../domain/schemas/public';
import { zodValidate } from '../../validation/zodValidate';
import { FormInputs } from './FormInputs';

const validate = zodValidate(formSchema);
/** Forms are not deleted (their answers stay): unpublish one instead. */
const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** /forms/{id}: the questionnaire changed; each question keeps its key, so its answers stay with it. */
const FormEdit = () => (
  <Edit redirect="show" mutationMode="pessimistic">
    <SimpleForm toolbar={<SaveOnly />} validate={validate}>
      <FormInputs />
    </SimpleForm>
  </Edit>
);

export default FormEdit;
