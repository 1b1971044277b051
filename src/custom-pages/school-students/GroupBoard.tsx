import { useState } from 'react';
import { DndProvider, useDrag, useDrop } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { Box, Card, CardContent, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import SchoolIcon from '@mui/icons-material/School';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Identifier, useDataProvider, useGetList, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { notifyError } from '../../notifyError';

const STUDENT = 'student';
const TEACHER = 'teacher';
interface DragItem {
  kind: typeof STUDENT | typeof TEACHER;
  id: Identifier;
  name: string;
}

/** A person to drag: a student or a teacher chip. */
const Draggable = ({ item }: { item: DragItem }) => {
  const [{ dragging }, drag] = useDrag(
    () => ({ type: item.kind, item, collect: (m) => ({ dragging: m.isDragging() }) }),
    [item],
  );
  return (
    <Chip
      ref={(node) => {
        drag(node);
      }}
      icon={item.kind === STUDENT ? <PersonIcon /> : <SchoolIcon />}
      label={item.name}
      variant={item.kind === TEACHER ? 'outlined' : 'filled'}
      sx={{ cursor: 'grab', opacity: dragging ? 0.4 : 1 }}
      data-testid={`drag-${item.kind}-${item.id}`}
    />
  );
};

interface GroupRow {
  id: Identifier;
  name: string;
  teacher_name: string | null;
  students_count: number;
  course_name: string | null;
}

/** A group that takes students (added to it) and a teacher (assigned to it). */
const GroupCard = ({ group, onDrop }: { group: GroupRow; onDrop: (group: GroupRow, item: DragItem) => void }) => {
  const translate = useTranslate();
  const [{ over }, drop] = useDrop(
    () => ({
      accept: [STUDENT, TEACHER],
      drop: (item: DragItem) => onDrop(group, item),
      collect: (m) => ({ over: m.isOver() }),
    }),
    [group, onDrop],
  );
  return (
    <Card
      ref={(node) => {
        drop(node);
      }}
      variant="outlined"
      aria-label={group.name}
      data-testid={`drop-group-${group.id}`}
      sx={{
        borderStyle: over ? 'dashed' : 'solid',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : undefined,
      }}
    >
      <CardContent>
        <Typography variant="subtitle1" component="h3">
          {group.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {group.course_name ?? ''}
        </Typography>
        <Typography variant="body2">
          {translate('app.schools.board.teacher', {
            name: group.teacher_name ?? translate('app.schools.board.noTeacher'),
          })}
        </Typography>
        <Typography variant="body2">
          {translate('app.schools.board.students', { smart_count: group.students_count })}
        </Typography>
      </CardContent>
    </Card>
  );
};

/**
 * Drag a student onto a group to add them to it, a teacher onto a group to
 * assign them (react-dnd). The form beside it does the same without a mouse.
 */
export const GroupBoard = ({ schoolParam }: { schoolParam: Record<string, unknown> }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [search, setSearch] = useState('');
  const schoolId = schoolParam.school_id as number | undefined;
  const { data: groups = [] } = useGetList<GroupRow & { id: Identifier }>('schoolGroups', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    filter: schoolParam,
  });
  const pool = useQuery({
    queryKey: ['schools', 'withoutGroup', schoolParam, search],
    queryFn: () =>
      dataProvider.getStudentsNotInGroup({
        ...schoolParam,
        search_text: search || undefined,
        limit: 100,
        order_by: 'name',
        order_direction: 'asc',
      }),
  });
  const teachers = useQuery({
    queryKey: ['schools', 'teacherLookup', schoolId],
    queryFn: () => dataProvider.getTeacherLookup(schoolId),
  });

  const onDrop = async (group: GroupRow, item: DragItem) => {
    try {
      if (item.kind === STUDENT) {
        await dataProvider.addStudentsToGroup(group.id, [item.id]);
        notify('app.schools.board.added', { type: 'success', messageArgs: { name: item.name, group: group.name } });
      } else {
        await dataProvider.assignTeacherToGroup(group.id, item.id);
        notify('app.schools.board.assigned', { type: 'success', messageArgs: { name: item.name, group: group.name } });
      }
      await queryClient.invalidateQueries({ queryKey: ['schools'] });
      refresh();
    } catch (error) {
      notifyError(notify, error);
    }
  };

  return (
    <DndProvider backend={HTML5Backend}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
        <Stack spacing={2}>
          <Paper
            variant="outlined"
            sx={{ p: 2 }}
            component="section"
            aria-label={translate('app.schools.board.withoutGroup')}
          >
            <Typography variant="subtitle1" component="h3" gutterBottom>
              {translate('app.schools.board.withoutGroup')} ({pool.data?.count ?? 0})
            </Typography>
            <TextField
              size="small"
              fullWidth
              label={translate('ra.action.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ mb: 1 }}
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {pool.data?.students.map((s) => (
                <Draggable key={String(s.id)} item={{ kind: STUDENT, id: s.id as Identifier, name: String(s.name) }} />
              ))}
            </Stack>
          </Paper>
          <Paper
            variant="outlined"
            sx={{ p: 2 }}
            component="section"
            aria-label={translate('app.schools.board.teachers')}
          >
            <Typography variant="subtitle1" component="h3" gutterBottom>
              {translate('app.schools.board.teachers')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {teachers.data?.teachers.map((t) => (
                <Draggable key={t.id} item={{ kind: TEACHER, id: t.id, name: t.name }} />
              ))}
            </Stack>
          </Paper>
        </Stack>
        <Box>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('app.schools.board.help')}
          </Typography>
          {groups.length === 0 && <Typography>{translate('app.schools.board.noGroups')}</Typography>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {groups.map((g) => (
              <GroupCard key={g.id} group={g} onDrop={onDrop} />
            ))}
          </Box>
        </Box>
      </Box>
    </DndProvider>
  );
};
