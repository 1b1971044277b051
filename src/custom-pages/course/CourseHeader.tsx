import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { AGE_GROUPS, COURSE_LANGUAGES, GROUP_STATUSES } from '../../../domain/codes';
import { AuthImage } from '../../components/AuthImage';
import { useCodeList } from '../../components/CodeListField';
import { calendarDay } from '../../components/calendarDay';
import { ApprovalChip } from '../../resources/courses/CourseList';
import { AskCourseDialog } from './AskCourseDialog';
import { useCan } from '../../useCan';

/** The course: cover, name, description, age group, languages, dates; edit for its makers, ask to join for families. */
export const CourseHeader = ({ course, canEdit }: { course: RaRecord; canEdit: boolean }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const list = useCodeList();
  const staff = useCan('groups.manage');
  const [asking, setAsking] = useState(false);
  const age = AGE_GROUPS.find((c) => c.id === course.age_group);
  const status = GROUP_STATUSES.find((c) => c.id === course.status);
  return (
    <Card component="section">
      <CardContent sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        {course.image ? (
          <AuthImage
            src={course.image}
            alt=""
            style={{ width: 280, maxWidth: '100%', borderRadius: 8, objectFit: 'cover' }}
          />
        ) : null}
        <Box sx={{ flex: 1, minWidth: 260 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {course.name}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
            {age ? <Chip size="small" label={translate(age.labelKey)} /> : null}
            <Chip size="small" variant="outlined" label={list(COURSE_LANGUAGES, course.languages)} />
            {status && course.status !== 1 ? (
              <Chip size="small" color="warning" label={translate(status.labelKey)} />
            ) : null}
            <ApprovalChip value={Number(course.approval)} />
          </Stack>
          <Typography color="text.secondary" gutterBottom>
            {translate('app.courses.dates', {
              start: calendarDay(course.start_date, locale),
              end: calendarDay(course.end_date, locale),
            })}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap', unicodeBidi: 'plaintext' }}>{course.description}</Typography>
          <Box sx={{ mt: 2, display: 'flex', gap: 1 }}>
            {canEdit ? (
              <Button variant="outlined" startIcon={<EditIcon />} component={Link} to={`/courses/${course.id}`}>
                {translate('ra.action.edit')}
              </Button>
            ) : null}
            {!staff ? (
              <Button variant="contained" onClick={() => setAsking(true)}>
                {translate('app.courses.askToJoin')}
              </Button>
            ) : null}
          </Box>
        </Box>
      </CardContent>
      {asking ? <AskCourseDialog course={course} onClose={() => setAsking(false)} /> : null}
    </Card>
  );
};
