import { Button } from '@mui/material';
import GroupsIcon from '@mui/icons-material/Groups';
import QuizIcon from '@mui/icons-material/Quiz';
import { LinkBase, type RaRecord, useGetList, useTranslate } from 'react-admin';
import { GROUP_STATUSES } from '../../../domain/codes';
import { RowsOrCards } from '../../components/RowsOrCards';
import { SectionCard } from '../../components/SectionCard';
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
    <SectionCard
      title={title}
      subheader={
        total !== undefined && total > data.length
          ? translate('app.profile.groupsShown', { shown: data.length, total })
          : undefined
      }
      isPending={isPending}
      error={error}
      empty={data.length === 0}
      emptyText={translate('app.profile.noGroups')}
    >
      <RowsOrCards
        label={title}
        rows={data}
        rowKey={(group) => group.id}
        columns={[
          { label: translate('resources.groups.fields.name'), value: (group) => group.name },
          { label: translate('resources.groups.fields.course_name'), value: (group) => group.course_name },
          { label: translate('resources.groups.fields.students_count'), value: (group) => group.students_count },
          { label: translate('resources.groups.fields.status'), value: statusOf },
        ]}
        actions={actions}
      />
    </SectionCard>
  );
};
