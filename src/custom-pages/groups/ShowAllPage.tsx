import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import BackIcon from '@mui/icons-material/ArrowBack';
import MoveIcon from '@mui/icons-material/CompareArrows';
import { DndProvider, useDrag, useDrop } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import {
  Loading,
  Title,
  useDataProvider,
  useGetList,
  useGetOne,
  useNotify,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import type { StudentRow } from '../../dataProvider/teaching';
import { useBusyAction } from '../../hooks/useBusyAction';
import { MemberStatusChip } from '../../resources/groups/GroupStudents';
import { usePageLoadError } from '../../components/PageState';

const DRAG = 'move-student';
interface Dragged {
  id: Identifier;
  from: Identifier;
}

/** A student card: dragged to the other group, or moved there with its button. */
const StudentCard = ({
  student,
  groupId,
  target,
  onMove,
}: {
  student: StudentRow;
  groupId: Identifier;
  target?: Identifier;
  onMove: (s: Dragged, to: Identifier) => void;
}) => {
  const translate = useTranslate();
  const [{ dragging }, drag] = useDrag({
    type: DRAG,
    item: { id: student.id, from: groupId },
    collect: (m) => ({ dragging: m.isDragging() }),
  });
  return (
    <ListItem
      ref={(node) => {
        drag(node);
      }}
      divider
      data-testid={`student-${student.id}`}
      sx={{ opacity: dragging ? 0.4 : 1, cursor: 'grab' }}
      secondaryAction={
        target !== undefined ? (
          <IconButton
            aria-label={translate('app.groups.moveStudent', { name: student.name })}
            title={translate('app.groups.moveStudent', { name: student.name })}
            onClick={() => onMove({ id: student.id, from: groupId }, target)}
          >
            <MoveIcon />
          </IconButton>
        ) : undefined
      }
    >
      <ListItemText
        primary={student.name}
        secondary={<MemberStatusChip status={student.status} />}
        slotProps={{ secondary: { component: 'div' } }}
      />
    </ListItem>
  );
};

/** One group's column: its students, and a drop target for students of the other column. */
const GroupColumn = ({
  groupId,
  title,
  students,
  other,
  onMove,
}: {
  groupId: Identifier;
  title: string;
  students: StudentRow[];
  other?: Identifier;
  onMove: (s: Dragged, to: Identifier) => void;
}) => {
  const translate = useTranslate();
  const [{ over }, drop] = useDrop<Dragged, void, { over: boolean }>({
    accept: DRAG,
    canDrop: (item) => String(item.from) !== String(groupId),
    drop: (item) => onMove(item, groupId),
    collect: (m) => ({ over: m.isOver() && m.canDrop() }),
  });
  return (
    <Card
      ref={(node: HTMLDivElement | null) => {
        drop(node);
      }}
      data-testid={`column-${groupId}`}
      variant="outlined"
      sx={{ minHeight: 240, borderColor: over ? 'primary.main' : undefined, borderWidth: over ? 2 : 1 }}
    >
      <CardHeader title={title} subheader={translate('app.groups.studentsCount', { smart_count: students.length })} />
      <CardContent>
        {students.length === 0 ? (
          <Typography color="text.secondary">{translate('app.groups.noStudents')}</Typography>
        ) : null}
        <List dense aria-label={title}>
          {students.map((s) => (
            <StudentCard key={s.id} student={s} groupId={groupId} target={other} onMove={onMove} />
          ))}
        </List>
      </CardContent>
    </Card>
  );
};

/**
 * /show/all/:id ('Show All' of a group): every student of the group, and
 * beside it another group of the teacher; drag a student from one to the
 * other to move them (POST /users/change/student_group).
 */
const ShowAllPage = () => {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run } = useBusyAction();
  const { data: group } = useGetOne('groups', { id });
  const { data: groups = [] } = useGetList('groups', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [otherId, setOtherId] = useState<Identifier | ''>('');
  const [mine, setMine] = useState<StudentRow[] | null>(null);
  const [theirs, setTheirs] = useState<StudentRow[]>([]);

  const load = useCallback(async () => {
    setMine(await dataProvider.sortedStudents(id));
    setTheirs(otherId === '' ? [] : await dataProvider.sortedStudents(otherId));
  }, [dataProvider, id, otherId]);
  const showPageState = usePageLoadError();
  useEffect(() => {
    void load().catch((error: unknown) => showPageState(error) || setMine([]));
  }, [load, showPageState]);

  const move = (student: Dragged, to: Identifier) =>
    run(async () => {
      await dataProvider.moveStudent(student.id, student.from, to);
      notify('app.notify.studentMoved', { type: 'success' });
      await load();
    });

  const title = translate('app.groups.showAllTitle', { name: group?.name ?? '' });
  const others = groups.filter((g) => String(g.id) !== String(id));
  const otherName = others.find((g) => String(g.id) === String(otherId))?.name ?? '';
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Button
          component={Link}
          to={`/groups/${id}/show`}
          startIcon={<BackIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
        >
          {translate('app.groups.backToGroup')}
        </Button>
        <TextField
          select
          size="small"
          sx={{ minWidth: 240 }}
          label={translate('app.groups.moveTo')}
          value={otherId}
          onChange={(e) => setOtherId(e.target.value)}
        >
          <MenuItem value="">—</MenuItem>
          {others.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography color="text.secondary" variant="body2">
          {translate('app.groups.moveHelp')}
        </Typography>
      </Box>
      {!mine ? (
        <Loading />
      ) : (
        <DndProvider backend={HTML5Backend}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <GroupColumn
                groupId={id}
                title={String(group?.name ?? '')}
                students={mine}
                other={otherId === '' ? undefined : otherId}
                onMove={(s, to) => void move(s, to)}
              />
            </Grid>
            {otherId !== '' ? (
              <Grid size={{ xs: 12, md: 6 }}>
                <GroupColumn
                  groupId={otherId}
                  title={otherName}
                  students={theirs}
                  other={id}
                  onMove={(s, to) => void move(s, to)}
                />
              </Grid>
            ) : null}
          </Grid>
        </DndProvider>
      )}
    </Box>
  );
};

export default ShowAllPage;
