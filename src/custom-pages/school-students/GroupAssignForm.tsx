import type { FieldValues } from 'react-hook-form';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AutocompleteArrayInput,
  Form,
  SaveButton,
  SelectInput,
  useDataProvider,
  useGetList,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { studentsToGroupSchema, teacherToGroupSchema } from '../../../domain/schemas/schools';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { zodValidate } from '../../validation/zodValidate';

/** The same as the board, by form: students into a group, a teacher to a group. */
export const GroupAssignForm = ({ schoolParam }: { schoolParam: Record<string, unknown> }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run } = useBusyAction();
  const schoolId = schoolParam.school_id as number | undefined;
  const { data: groups = [] } = useGetList('schoolGroups', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    filter: schoolParam,
  });
  const { data: students = [] } = useGetList('schoolStudents', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    filter: schoolParam,
  });
  const teachers = useQuery({
    queryKey: ['schools', 'teacherLookup', schoolId],
    queryFn: () => dataProvider.getTeacherLookup(schoolId),
  });
  const done = async (message: string, args: Record<string, unknown>) => {
    notify(message, { type: 'success', messageArgs: args });
    await queryClient.invalidateQueries({ queryKey: ['schools'] });
    refresh();
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: 2 }}
        component="section"
        aria-label={translate('app.schools.board.addStudents')}
      >
        <Typography variant="subtitle1" component="h3">
          {translate('app.schools.board.addStudents')}
        </Typography>
        <Form
          validate={zodValidate(studentsToGroupSchema)}
          onSubmit={(v: FieldValues) =>
            run(async () => {
              const { added } = await dataProvider.addStudentsToGroup(v.group_id, v.student_ids);
              await done('app.schools.board.addedMany', { smart_count: added });
            })
          }
        >
          <SelectInput
            source="group_id"
            label="resources.schoolGroups.fields.name"
            choices={groups}
            optionText="name"
            fullWidth
          />
          <AutocompleteArrayInput
            source="student_ids"
            label="app.schools.board.studentsField"
            choices={students}
            optionText="name"
            fullWidth
          />
          <Stack direction="row">
            <SaveButton label="app.schools.board.addButton" icon={<span />} alwaysEnable />
          </Stack>
        </Form>
      </Paper>
      <Paper
        variant="outlined"
        sx={{ p: 2 }}
        component="section"
        aria-label={translate('app.schools.board.assignTeacher')}
      >
        <Typography variant="subtitle1" component="h3">
          {translate('app.schools.board.assignTeacher')}
        </Typography>
        <Form
          validate={zodValidate(teacherToGroupSchema)}
          onSubmit={(v: FieldValues) =>
            run(async () => {
              await dataProvider.assignTeacherToGroup(v.group_id, v.teacher_id);
              await done('app.schools.board.assignedByForm', {});
            })
          }
        >
          <SelectInput
            source="group_id"
            label="resources.schoolGroups.fields.name"
            choices={groups}
            optionText="name"
            fullWidth
          />
          <SelectInput
            source="teacher_id"
            label="app.schools.board.teacherField"
            choices={teachers.data?.teachers ?? []}
            optionText="name"
            fullWidth
          />
          <Stack direction="row">
            <SaveButton label="app.schools.board.assignButton" icon={<span />} alwaysEnable />
          </Stack>
        </Form>
      </Paper>
    </Box>
  );
};
