import { Button, Stack } from '@mui/material';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useCan } from '../../useCan';

/** A learner's test buttons: the answers, the test itself, and (access_neomi) a paper test to enter. */
export const LearnerRowActions = ({ studentId, examType }: { studentId: number; examType: number }) => {
  const translate = useTranslate();
  const entersPaperTests = useCan('tests.conduct');
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      <Button
        size="small"
        startIcon={<AssignmentOutlined />}
        component={RouterLink}
        to={`/exams/${examType}/${studentId}`}
      >
        {translate('app.exams.ui.answers')}
      </Button>
      <Button
        size="small"
        startIcon={<PlayArrowOutlined />}
        component={RouterLink}
        to={`/exam/${examType}/${studentId}`}
      >
        {translate('app.exams.ui.takeTest')}
      </Button>
      {entersPaperTests && (
        <Button
          size="small"
          startIcon={<EditNoteOutlined />}
          component={RouterLink}
          to={`/neomi-exam/${studentId}/${examType}/1`}
        >
          {translate('app.exams.ui.enterPaper')}
        </Button>
      )}
    </Stack>
  );
};
