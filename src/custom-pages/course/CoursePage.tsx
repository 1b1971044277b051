import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useDataProvider, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { CourseGroupsSection } from './CourseGroupsSection';
import { CourseHeader } from './CourseHeader';
import { LessonsSection } from './LessonsSection';

/** /course/:id/:group_id?: a course's page: description, lessons in order, its groups (the chosen group highlighted). */
const CoursePage = () => {
  const { id = '', group_id: groupId } = useParams();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['coursePage', id],
    queryFn: () => dataProvider.getCoursePage(id),
  });
  if (isPending) return <Loading />;
  if (error || !data)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate((error as Error | null)?.message ?? 'app.errors.notFound', { _: translate('app.errors.notFound') })}
      </Alert>
    );
  return (
    <>
      <Title title={data.course.name} />
      <CourseHeader course={data.course} canEdit={data.can_edit} />
      <LessonsSection
        key={data.lessons.map((l) => l.id).join()}
        courseId={id}
        lessons={data.lessons}
        editable={data.can_edit}
        onChanged={() => void refetch()}
      />
      <CourseGroupsSection courseId={id} selected={groupId} />
    </>
  );
};

export default CoursePage;
