import { Alert, Box, Typography } from '@mui/material';
import { Button, LinkBase, useGetOne, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { StudentList } from '../../custom-pages/school-students/StudentList';

/** /school/:id: a class and its students (add, edit, remove them here too). */
const SchoolClassShow = () => {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const { data: klass, error } = useGetOne('schoolClasses', { id });
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate((error as Error).message)}
      </Alert>
    );
  if (!klass) return null;
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h5" component="h1">
        {translate('app.schools.classTitle', { name: klass.name, number: klass.number })}
      </Typography>
      <Button component={LinkBase} to="/school" label="app.schools.allClasses" />
      <StudentList
        filter={{ class_id: klass.id, school_id: klass.school_id }}
        defaultClassId={klass.id}
        title="app.menu.schoolClasses"
      />
    </Box>
  );
};

export default SchoolClassShow;
