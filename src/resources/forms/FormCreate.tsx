import { Create, SaveButton, SimpleForm, Toolbar } from 'react-admin';
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

/** /forms/create: a new questionnaire, unpublished until ticked. */
const FormCreate = () => (
  <Create redirect="show">
    <SimpleForm
      toolbar={<SaveOnly />}
      validate={validate}
      defaultValues={{ published: false, fields: [{ kind: 'text', required: true }] }}
    >
      <FormInputs />
    </SimpleForm>
  </Create>
);

export default FormCreate;
