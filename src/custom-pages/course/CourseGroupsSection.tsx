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
  const title = translate('app.courses.groups');
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
        {data && data.groups.length > 0 ? (
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.groups.fields.name')}</TableCell>
                <TableCell>{translate('resources.groups.fields.days')}</TableCell>
                <TableCell>{translate('resources.groups.fields.start_from')}</TableCell>
                <TableCell>{translate('resources.groups.fields.teacher_details')}</TableCell>
                <TableCell>{translate('resources.groups.fields.gender')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.groups.map((g) => {
                const gender = GROUP_GENDERS.find((c) => c.id === g.gender);
                const managed = g.promo_code !== null;
                return (
                  <TableRow key={g.id} selected={String(g.id) === selected}>
                    <TableCell>{g.name}</TableCell>
                    <TableCell>{list(DAYS, g.days)}</TableCell>
                    <TableCell>{calendarDay(g.start_from, locale)}</TableCell>
                    <TableCell>{g.teacher_details?.name ?? ''}</TableCell>
                    <TableCell>{gender ? translate(gender.labelKey) : ''}</TableCell>
                    <TableCell align="right">
                      {staff && managed ? (
                        <Button size="small" component={Link} to={`/groups/${g.id}/show`}>
                          {translate('app.courses.openGroup')}
                        </Button>
                      ) : null}
                      {!staff ? (
                        <Button size="small" variant="contained" onClick={() => setJoining(g)}>
                          {translate('app.courses.join')}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })}
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
