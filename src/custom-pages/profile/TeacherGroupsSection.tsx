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
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import GroupsIcon from '@mui/icons-material/Groups';
import QuizIcon from '@mui/icons-material/Quiz';
import { LinkBase, Loading, type RaRecord, useGetList, useTranslate } from 'react-admin';
import { GROUP_STATUSES } from '../../../domain/codes';
import { PhoneCardList } from '../../components/PhoneCardList';
import { usePhone } from '../../hooks/usePhone';
import { useCan } from '../../useCan';

/** How many of the teacher's groups the table shows at most (the groups page lists them all, a page at a time). */
export const PROFILE_GROUPS_LIMIT = 100;

/**
 * A teacher's own groups on the profile (docs/PRODUCT.md §2 "Profile"): name, course, students and status, with a
 * link to the group's students (`/groups/{id}/show`) and a button to the group's test answers (`/exams?group_id=`).
 * Read with POST /groups/my_groups `{teacher_id}` (docs/api/teaching.md "Groups"): the server keeps it to the
 * caller's scope, so a teacher reads only its own groups.
 */
export const TeacherGroupsSection = ({ teacherId }: { teacherId: number }) => {
  const translate = useTranslate();
  const phone = usePhone();
  const seesAnswers = useCan('tests.conduct');
  const {
    data = [],
    total,
    isPending,
    error,
  } = useGetList('groups', {
    filter: { teacher_id: teacherId },
    pagination: { page: 1, perPage: PROFILE_GROUPS_LIMIT },
    sort: { field: 'name', order: 'ASC' },
  });
  const title = translate('app.profile.groupsTitle');
  const statusOf = (group: RaRecord) => {
    const code = GROUP_STATUSES.find((c) => c.id === Number(group.status));
    return code ? translate(code.labelKey) : '';
  };
  const actions = (group: RaRecord) => (
    <>
      <Button
        size="small"
        startIcon={<GroupsIcon />}
        component={LinkBase}
        to={`/groups/${group.id}/show`}
        aria-label={translate('app.profile.groupStudentsOf', { name: group.name })}
      >
        {translate('app.profile.groupStudents')}
      </Button>
      {seesAnswers ? (
        <Button
          size="small"
          variant="outlined"
          startIcon={<QuizIcon />}
          component={LinkBase}
          to={`/exams?group_id=${group.id}`}
          aria-label={translate('app.profile.groupAnswersOf', { name: group.name })}
        >
          {translate('app.profile.groupAnswers')}
        </Button>
      ) : null}
    </>
  );
  return (
    <Card component="section" sx={{ mt: 2 }}>
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        }
        subheader={
          total !== undefined && total > data.length
            ? translate('app.profile.groupsShown', { shown: data.length, total })
            : undefined
        }
      />
      <CardContent>
        {isPending ? <Loading /> : null}
        {error ? (
          <Alert severity="error">{translate((error as Error).message, { _: (error as Error).message })}</Alert>
        ) : null}
        {!isPending && !error && data.length === 0 ? (
          <Typography color="text.secondary">{translate('app.profile.noGroups')}</Typography>
        ) : null}
        {data.length > 0 && phone ? (
          <PhoneCardList
            label={title}
            cards={data.map((group) => ({
              key: group.id,
              title: group.name,
              fields: [
                [translate('resources.groups.fields.course_name'), group.course_name],
                [translate('resources.groups.fields.students_count'), group.students_count],
                [translate('resources.groups.fields.status'), statusOf(group)],
              ],
              actions: actions(group),
            }))}
          />
        ) : null}
        {data.length > 0 && !phone ? (
          <TableContainer>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.groups.fields.name')}</TableCell>
                  <TableCell>{translate('resources.groups.fields.course_name')}</TableCell>
                  <TableCell>{translate('resources.groups.fields.students_count')}</TableCell>
                  <TableCell>{translate('resources.groups.fields.status')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((group) => (
                  <TableRow key={group.id}>
                    <TableCell>{group.name}</TableCell>
                    <TableCell>{group.course_name}</TableCell>
                    <TableCell>{group.students_count}</TableCell>
                    <TableCell>{statusOf(group)}</TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        {actions(group)}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </CardContent>
    </Card>
  );
};
