import { Chip } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  List,
  required,
  SearchInput,
  TextField,
  useListContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { AppPagination } from '../../components/AppPagination';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { LocaleDateField } from '../../components/LocaleDateField';
import { LocaleNumberField } from '../../components/LocaleNumberField';
import { CHALLENGES, EXAM_TYPES } from './choices';
import { ExamGroupInput } from './ExamGroupInput';
import { UsersCountCards } from './UsersCountCards';

const CONFIRMED = [
  { id: '1', labelKey: 'app.score.confirmed' },
  { id: '0', labelKey: 'app.score.notConfirmed' },
];

const scoreFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CodeSelectInput key="exam_type" source="exam_type" codes={EXAM_TYPES} validate={required()} alwaysOn />,
  <CodeSelectInput key="challenge" source="challenge" codes={CHALLENGES} emptyText="app.reports.ui.allChallenges" />,
  <ExamGroupInput key="group_id" source="group_id" label="resources.scores.fields.group_id" />,
  <CodeSelectInput key="confirmed" source="confirmed" codes={CONFIRMED} alwaysOn />,
];

/** Whether the totals as they stand are confirmed (a rescore since the confirmation makes them unconfirmed). */
export const ConfirmedChip = ({ confirmed }: { confirmed: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={confirmed ? 'filled' : 'outlined'}
      color={confirmed ? 'success' : 'default'}
      data-confirmed={confirmed}
      label={translate(confirmed ? 'app.score.confirmed' : 'app.score.notConfirmed')}
    />
  );
};

/** The rows open the learner's review in the test the list shows. */
const ScoreGrid = () => {
  const { filterValues } = useListContext();
  const examType = Number(filterValues.exam_type) || 1;
  return (
    <Datagrid bulkActionButtons={false} rowClick={(id) => `/score/review/${examType}/${id}`}>
      <TextField source="name" />
      <LocaleNumberField source="fluency" />
      <LocaleNumberField source="flexibility" />
      <LocaleNumberField source="originality" />
      <LocaleNumberField source="total" />
      <LocaleNumberField source="answers" />
      <LocaleDateField source="test_date" sortable={false} />
      <FunctionField
        source="confirmed"
        sortable={false}
        render={(r: RaRecord) => <ConfirmedChip confirmed={!!r.confirmed} />}
      />
    </Datagrid>
  );
};

/**
 * /score — the learners in scope with their scores in a test (answers/countSorted),
 * ranked, filtered by test, challenge, group and confirmation, under the
 * figures of GET /usersCount.
 */
const LearnerResultsPage = () => (
  <>
    <UsersCountCards />
    <List
      resource="scores"
      title="app.menu.score"
      filters={scoreFilters}
      filterDefaultValues={{ exam_type: 1 }}
      sort={{ field: 'total', order: 'DESC' }}
      pagination={<AppPagination />}
      exporter={false}
      storeKey="scores.list"
    >
      <ScoreGrid />
    </List>
  </>
);

export default LearnerResultsPage;
