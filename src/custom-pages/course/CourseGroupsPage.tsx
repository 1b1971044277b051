import { Card, CardContent, MenuItem, TextField } from '@mui/material';
import { Title, useGetList, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { CourseGroupsSection } from './CourseGroupsSection';

/** /course-groups/:id?: the groups of a course, the course chosen from the catalogue when none is given. */
const CourseGroupsPage = () => {
  const { id } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data: courses = [] } = useGetList('courses', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const current = courses.find((c) => String(c.id) === id);
  return (
    <>
      <Title title={translate('app.courses.groupsOf', { name: current?.name ?? '' })} />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <TextField
            select
            fullWidth
            label={translate('resources.groups.fields.course_id')}
            value={id ?? ''}
            onChange={(e) => navigate(`/course-groups/${e.target.value}`)}
          >
            {courses.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        </CardContent>
      </Card>
      {id ? <CourseGroupsSection courseId={id} /> : null}
    </>
  );
};

export default CourseGroupsPage;
