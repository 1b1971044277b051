import {
  Datagrid,
  FunctionField,
  List,
  ResourceContextProvider,
  SearchInput,
  SelectInput,
  TextField,
  useTranslate,
} from 'react-admin';
import type { LearnerWithExams } from '../../dataProvider/exams';
import { AppPagination } from '../../components/AppPagination';
import { ExamStatusChips } from './ExamStatusChips';
import { LearnerRowActions } from './LearnerRowActions';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="exam_type"
    source="exam_type"
    choices={[
      { id: 1, name: 'app.codes.examType.pre' },
      { id: 2, name: 'app.codes.examType.post' },
    ]}
  />,
];

/** /neomi-exams — every learner in scope with their pre- and post-tests (POST /exam/takers). */
const NeomiExamsPage = () => {
  const translate = useTranslate();
  return (
    <ResourceContextProvider value="examTakers">
      <List
        title={translate('app.exams.ui.neomiExamsTitle')}
        filters={filters}
        sort={{ field: 'name', order: 'ASC' }}
        pagination={<AppPagination />}
        exporter={false}
        disableSyncWithLocation={false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label="app.exams.ui.learner" />
          <FunctionField
            label="app.codes.examType.pre"
            render={(r: LearnerWithExams) => <ExamStatusChips exams={r.exams} examType={1} />}
          />
          <FunctionField
            label="app.codes.examType.post"
            render={(r: LearnerWithExams) => <ExamStatusChips exams={r.exams} examType={2} />}
          />
          <FunctionField
            label=""
            render={(r: LearnerWithExams) => (
              <LearnerRowActions
                studentId={r.id}
                examType={r.exams.some((e) => e.exam_type === 1 && e.status === 'finished') ? 2 : 1}
              />
            )}
          />
        </Datagrid>
      </List>
    </ResourceContextProvider>
  );
};

export default NeomiExamsPage;
