import { Button } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  List,
  ResourceContextProvider,
  SearchInput,
  TextField,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { AGE_GROUPS } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import type { LearnerWithExams } from '../../dataProvider/exams';
import { ExamStatusChips } from '../exam-analytics/ExamStatusChips';
import { LocaleDateField } from '../../components/LocaleDateField';

type Guest = LearnerWithExams & { age_group: number | null; academic_number: string | null };

/** /exam/guests — guests in scope (access_neomi), with their tests and report (docs/DECISIONS.md "Children's data"). */
const GuestsPage = () => {
  const translate = useTranslate();
  return (
    <ResourceContextProvider value="examGuests">
      <List
        title={translate('app.exams.guest.listTitle')}
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        sort={{ field: 'created_at', order: 'DESC' }}
        pagination={<AppPagination />}
        exporter={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label="app.exams.guest.name" />
          <FunctionField
            label="app.exams.guest.ageGroup"
            render={(r: Guest) =>
              r.age_group ? translate(AGE_GROUPS.find((a) => a.id === r.age_group)?.labelKey ?? '') : ''
            }
          />
          <TextField source="academic_number" label="app.exams.guest.academicNumber" emptyText="" />
          <LocaleDateField source="created_at" label="app.exams.guest.registeredAt" />
          <FunctionField
            label="app.codes.examType.pre"
            render={(r: Guest) => <ExamStatusChips exams={r.exams} examType={1} />}
          />
          <FunctionField
            label=""
            render={(r: Guest) => (
              <>
                <Button size="small" component={RouterLink} to={`/report/${r.id}/1`}>
                  {translate('app.exams.ui.studentReport')}
                </Button>
                <Button size="small" component={RouterLink} to={`/exams/1/${r.id}`}>
                  {translate('app.exams.ui.answers')}
                </Button>
              </>
            )}
          />
        </Datagrid>
      </List>
    </ResourceContextProvider>
  );
};

export default GuestsPage;
