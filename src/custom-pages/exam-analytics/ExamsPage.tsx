import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { examMethods, type LearnerWithExams } from '../../dataProvider/exams';
import { ExamStatusChips } from './ExamStatusChips';
import { LearnerRowActions } from './LearnerRowActions';
import { useCan } from '../../useCan';

type Group = { id: number; name: string; students: LearnerWithExams[] };

/** Learners as rows: name, where they stand in the pre- and post-test, and their test buttons. */
export const LearnersTable = ({ students }: { students: LearnerWithExams[] }) => {
  const translate = useTranslate();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.exams.ui.learner')}</TableCell>
          <TableCell>{translate('app.codes.examType.pre')}</TableCell>
          <TableCell>{translate('app.codes.examType.post')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {students.map((s) => (
          <TableRow key={s.id}>
            <TableCell>{s.name}</TableCell>
            <TableCell>
              <ExamStatusChips exams={s.exams} examType={1} />
            </TableCell>
            <TableCell>
              <ExamStatusChips exams={s.exams} examType={2} />
            </TableCell>
            <TableCell>
              <LearnerRowActions
                studentId={s.id}
                examType={s.exams.some((e) => e.exam_type === 1 && e.status === 'finished') ? 2 : 1}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/**
 * /exams — which learners took which test: a teacher's groups (or a
 * school's, a region's) with each pupil's tests and an answers button;
 * a family's own children.
 */
/** Links to the other test pages the user's permissions open. */
const ExamLinks = () => {
  const translate = useTranslate();
  const conducts = useCan('tests.conduct');
  const administers = useCan('tests.administer');
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {conducts && (
        <Button component={RouterLink} to="/neomi-exams">
          {translate('app.exams.ui.neomiExamsTitle')}
        </Button>
      )}
      {conducts && (
        <Button component={RouterLink} to="/temp/register">
          {translate('app.exams.guest.tempTitle')}
        </Button>
      )}
      {conducts && (
        <Button component={RouterLink} to="/exam/guests">
          {translate('app.exams.guest.listTitle')}
        </Button>
      )}
      {administers && (
        <Button component={RouterLink} to="/neomi-questions">
          {translate('app.exams.bank.title')}
        </Button>
      )}
    </Stack>
  );
};

const ExamsPage = () => {
  const translate = useTranslate();
  /** `?group_id=` (the profile's answers button of a group): that group only */
  const [params] = useSearchParams();
  const onlyGroup = params.get('group_id');
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [own, setOwn] = useState<LearnerWithExams[]>([]);
  useEffect(() => {
    Promise.all([examMethods.examGroups(), examMethods.myLearners()])
      .then(([g, m]) => {
        setGroups(g.groups);
        const inGroups = new Set(g.groups.flatMap((x) => x.students.map((s) => s.id)));
        setOwn(m.students.filter((s) => !inGroups.has(s.id)));
      })
      .catch(() => setGroups([]));
  }, []);
  if (!groups) return <Loading />;
  const shown = onlyGroup === null ? groups : groups.filter((g) => String(g.id) === onlyGroup);
  const ownShown = onlyGroup === null ? own : [];
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.exams.ui.examsTitle')} />
      <ExamLinks />
      {onlyGroup !== null ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>{translate('app.exams.ui.oneGroupShown')}</Typography>
          <Button component={RouterLink} to="/exams">
            {translate('app.exams.ui.allGroups')}
          </Button>
        </Stack>
      ) : null}
      {shown.map((g) => (
        <Card key={g.id}>
          <CardHeader
            title={g.name}
            subheader={translate('app.exams.ui.learnersCount', { smart_count: g.students.length })}
          />
          <CardContent>
            {g.students.length ? (
              <LearnersTable students={g.students} />
            ) : (
              <Typography>{translate('app.exams.ui.noLearners')}</Typography>
            )}
          </CardContent>
        </Card>
      ))}
      {ownShown.length > 0 && (
        <Card>
          <CardHeader title={translate('app.exams.ui.myLearners')} />
          <CardContent>
            <LearnersTable students={ownShown} />
          </CardContent>
        </Card>
      )}
      {!shown.length && !ownShown.length && <Alert severity="info">{translate('app.exams.ui.noLearners')}</Alert>}
    </Stack>
  );
};

export default ExamsPage;
