import { Edit, SimpleForm, useRecordContext, useTranslate } from 'react-admin';
import { courseSchema } from '../../../domain/schemas/teaching';
import { zodValidate } from '../../validation/zodValidate';
import { CourseInputs } from './CourseInputs';

const validate = zodValidate(courseSchema);

const Title = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  return <>{translate('app.courses.editTitle', { name: record?.name ?? '' })}</>;
};

/** /courses/:id: edit a course (its maker or a holder of course_auth). */
const CourseEdit = () => (
  <Edit title={<Title />} mutationMode="pessimistic" redirect={(_resource?: string, id?: unknown) => `course/${id}`}>
    <SimpleForm validate={validate} mode="onTouched">
      <CourseInputs />
    </SimpleForm>
  </Edit>
);

export default CourseEdit;
