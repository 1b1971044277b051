import { TextInput, useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { ACTIVITY_KINDS } from '../../../domain/codes';
import { lessonActivityEditSchema, lessonEditSchema } from '../../../domain/schemas/teaching';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import type { AppDataProvider } from '../../dataProvider';
import type { Lesson, LessonActivity } from '../../dataProvider/teaching';
import { FormDialog } from '../../components/FormDialog';

/** Add or edit a lesson: title and content ('lesson content' required). */
export const LessonDialog = ({
  courseId,
  lesson,
  onClose,
  onSaved,
}: {
  courseId: Identifier;
  lesson?: Lesson;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <FormDialog
      open
      title={translate(lesson ? 'app.lessons.edit' : 'app.lessons.add')}
      record={lesson}
      schema={lessonEditSchema}
      save={(data) => dataProvider.saveLesson({ ...data, id: lesson?.id, course_id: courseId })}
      successMessage="app.notify.saved"
      onSaved={onSaved}
      onClose={onClose}
    >
      <TextInput source="title" label="resources.lessons.fields.title" />
      <TextInput source="content" label="resources.lessons.fields.content" multiline minRows={5} />
    </FormDialog>
  );
};

/** Add or edit a lesson activity: title, description, kind. */
export const ActivityDialog = ({
  lessonId,
  activity,
  onClose,
  onSaved,
}: {
  lessonId: Identifier;
  activity?: LessonActivity;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <FormDialog
      open
      title={translate(activity ? 'app.lessons.editActivity' : 'app.lessons.addActivity')}
      record={activity}
      schema={lessonActivityEditSchema}
      save={(data) => dataProvider.saveLessonActivity({ ...data, id: activity?.id, lesson_id: lessonId })}
      successMessage="app.notify.saved"
      onSaved={onSaved}
      onClose={onClose}
    >
      <TextInput source="title" label="resources.lessonActivities.fields.title" />
      <TextInput source="description" label="resources.lessonActivities.fields.description" multiline minRows={3} />
      <CodeSelectInput source="kind" label="resources.lessonActivities.fields.kind" codes={ACTIVITY_KINDS} />
    </FormDialog>
  );
};
