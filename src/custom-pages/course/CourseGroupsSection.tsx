import { useState } from 'react';
import { Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { DAYS, GROUP_GENDERS } from '../../../domain/codes';
import { useCodeList } from '../../components/CodeListField';
import { calendarDay } from '../../components/calendarDay';
import type { AppDataProvider } from '../../dataProvider';
import { JoinGroupDialog } from './JoinGroupDialog';
import { useCan } from '../../useCan';
import { RowsOrCards } from '../../components/RowsOrCards';
import { SectionCard } from '../../components/SectionCard';

/**
 * A course's groups (GET /groups/course_groups/{id}): staff open the groups
 * they manage; families join a child to one (promo code or request).
 * `selected` (the /course/:id/:group_id address) is highlighted.
 */
export const CourseGroupsSection = ({ courseId, selected }: { courseId: Identifier; selected?: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const list = useCodeList();
  const dataProvider = useDataProvider<AppDataProvider>();
  const staff = useCan('groups.manage');
  const [joining, setJoining] = useState<RaRecord | null>(null);
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['courseGroups', courseId],
    queryFn: () => dataProvider.courseGroups(courseId),
  });
  const title = translate('app.courses.groups');
  const field = (name: string) => translate(`resources.groups.fields.${name}`);
  const genderOf = (g: RaRecord) => {
    const gender = GROUP_GENDERS.find((c) => c.id === g.gender);
    return gender ? translate(gender.labelKey) : '';
  };
  const actionsOf = (g: RaRecord) => (
    <>
      {staff && g.promo_code !== null ? (
        <Button size="small" component={Link} to={`/groups/${g.id}/show`}>
          {translate('app.courses.openGroup')}
        </Button>
      ) : null}
      {!staff ? (
        <Button size="small" variant="contained" onClick={() => setJoining(g)}>
          {translate('app.courses.join')}
        </Button>
      ) : null}
    </>
  );
  const groups = data?.groups ?? [];
  return (
    <>
      <SectionCard
        title={title}
        isPending={isPending}
        error={error}
        empty={groups.length === 0}
        emptyText={translate('app.courses.noGroups')}
      >
        <RowsOrCards
          label={title}
          rows={groups}
          rowKey={(g) => g.id}
          columns={[
            { label: field('name'), value: (g) => g.name },
            { label: field('days'), value: (g) => list(DAYS, g.days) },
            { label: field('start_from'), value: (g) => calendarDay(g.start_from, locale) },
            { label: field('teacher_details'), value: (g) => g.teacher_details?.name ?? '' },
            { label: field('gender'), value: genderOf },
          ]}
          actions={actionsOf}
          selected={(g) => String(g.id) === selected}
        />
      </SectionCard>
      {joining ? (
        <JoinGroupDialog group={joining} onClose={() => setJoining(null)} onDone={() => void refetch()} />
      ) : null}
    </>
  );
};
