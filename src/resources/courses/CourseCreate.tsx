import { Create, SimpleForm } from 'react-admin';
import { courseSchema } from '../../../domain/schemas/teaching';
import { zodValidate } from '../../validation/zodValidate';
import { CourseInputs } from './CourseInputs';

const validate = zodValidate(courseSchema);

/** /courses/create: a new course; a teacher's waits for approval (/auth/courses). */
const CourseCreate = () => (
  <Create title="app.courses.create" redirect={(_resource?: string, id?: unknown) => `course/${id}`}>
    <SimpleForm validate={validate} mode="onTouched" defaultValues={{ status: 1, age_group: 5, languages: ['ar'] }}>
      <CourseInputs />
    </SimpleForm>
  </Create>
);

export default CourseCreate;
