import { useEffect, useState } from 'react';
import { Alert, Button, Card, CardContent, CardHeader, ListItemText } from '@mui/material';
import BackIcon from '@mui/icons-material/ArrowBack';
import { DndProvider } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { Loading, Title, useDataProvider, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import type { StudentRow } from '../../dataProvider/teaching';
import { SortableList } from '../../components/SortableList';
import { useBusyAction } from '../../hooks/useBusyAction';
import { MemberStatusChip } from '../../resources/groups/GroupStudents';
import { usePageLoadError } from '../../components/PageState';

/**
 * /groups/group/sorted/students/:group: the group's students in the
 * teacher's order; drag a student (or use the arrows) and the new order is
 * stored at once (POST /groups/group/sorted/students/{id} {ids}).
 */
const SortStudentsPage = () => {
  const { group = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: record } = useGetOne('groups', { id: group });
  const [students, setStudents] = useState<StudentRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const showPageState = usePageLoadError();
  const { run } = useBusyAction();

  useEffect(() => {
    dataProvider
      .sortedStudents(group)
      .then(setStudents)
      .catch((error: unknown) => showPageState(error) || setFailed(true));
  }, [dataProvider, group, showPageState]);

  const save = (order: StudentRow[]) =>
    run(async () => {
      setStudents(
        await dataProvider.sortedStudents(
          group,
          order.map((s) => s.id),
        ),
      );
      notify('app.notify.orderSaved', { type: 'success' });
    });

  const title = translate('app.groups.orderTitle', { name: record?.name ?? '' });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardHeader
        title={title}
        subheader={translate('app.groups.orderHelp')}
        action={
          <Button
            component={Link}
            to={`/groups/${group}/show`}
            startIcon={<BackIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
          >
            {translate('app.groups.backToGroup')}
          </Button>
        }
      />
      <CardContent>
        {failed ? <Alert severity="error">{translate('app.errors.notFound')}</Alert> : null}
        {!students && !failed ? <Loading /> : null}
        {students ? (
          <DndProvider backend={HTML5Backend}>
            <SortableList
              type="group-student"
              items={students}
              ariaLabel={title}
              onChange={setStudents}
              onCommit={(order) => void save(order)}
              label={(s) => s.name}
              render={(s, i) => (
                <ListItemText
                  primary={`${i + 1}. ${s.name}`}
                  secondary={<MemberStatusChip status={s.status} />}
                  slotProps={{ secondary: { component: 'div' } }}
                />
              )}
            />
          </DndProvider>
        ) : null}
      </CardContent>
    </Card>
  );
};

export default SortStudentsPage;
