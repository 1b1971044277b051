import { useState } from 'react';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, useDataProvider, useLocaleState, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { DAYS, GROUP_GENDERS } from '../../../domain/codes';
import { useCodeList } from '../../components/CodeListField';
import { calendarDay } from '../../components/calendarDay';
import type { AppDataProvider } from '../../dataProvider';
import { JoinGroupDialog } from './JoinGroupDialog';
import { useCan } from '../../useCan';
import { usePhone } from '../../hooks/usePhone';
import { PhoneCardList } from '../../components/PhoneCardList';

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
  const { data, isPending, refetch } = useQuery({
    queryKey: ['courseGroups', courseId],
    queryFn: () => dataProvider.courseGroups(courseId),
  });
  const phone = usePhone();
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
  return (
    <Card component="section" sx={{ mt: 2 }}>
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
        }
      />
      <CardContent>
        {isPending ? <Loading /> : null}
        {data && data.groups.length === 0 ? (
          <Typography color="text.secondary">{translate('app.courses.noGroups')}</Typography>
        ) : null}
        {data && data.groups.length > 0 && phone ? (
          <PhoneCardList
            label={title}
            cards={data.groups.map((g) => ({
              key: g.id,
              title: g.name,
              selected: String(g.id) === selected,
              fields: [
                [field('days'), list(DAYS, g.days)],
                [field('start_from'), calendarDay(g.start_from, locale)],
                [field('teacher_details'), g.teacher_details?.name ?? ''],
                [field('gender'), genderOf(g)],
              ],
              actions: actionsOf(g),
            }))}
          />
        ) : null}
        {data && data.groups.length > 0 && !phone ? (
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{field('name')}</TableCell>
                <TableCell>{field('days')}</TableCell>
                <TableCell>{field('start_from')}</TableCell>
                <TableCell>{field('teacher_details')}</TableCell>
                <TableCell>{field('gender')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.groups.map((g) => (
                <TableRow key={g.id} selected={String(g.id) === selected}>
                  <TableCell>{g.name}</TableCell>
                  <TableCell>{list(DAYS, g.days)}</TableCell>
                  <TableCell>{calendarDay(g.start_from, locale)}</TableCell>
                  <TableCell>{g.teacher_details?.name ?? ''}</TableCell>
                  <TableCell>{genderOf(g)}</TableCell>
                  <TableCell align="right">{actionsOf(g)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
      {joining ? (
        <JoinGroupDialog group={joining} onClose={() => setJoining(null)} onDone={() => void refetch()} />
      ) : null}
    </Card>
  );
};
