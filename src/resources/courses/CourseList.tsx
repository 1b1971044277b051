import { Chip } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { AGE_GROUPS, COURSE_APPROVALS, COURSE_LANGUAGES, GROUP_STATUSES, PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { AuthImage } from '../../components/AuthImage';
import { CodeField } from '../../components/CodeField';
import { CodeListField } from '../../components/CodeListField';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { LocaleDateField } from '../../components/LocaleDateField';
import { useCan } from '../../useCan';
import { DotList } from '../../components/DotList';
import { useCodeList } from '../../components/CodeListField';
import { usePhone } from '../../hooks/usePhone';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CodeSelectInput
    key="age_group"
    source="age_group"
    label="resources.courses.fields.age_group"
    codes={AGE_GROUPS}
    alwaysOn
  />,
  <CodeSelectInput
    key="language"
    source="language"
    label="resources.courses.fields.languages"
    codes={COURSE_LANGUAGES}
  />,
  <CodeSelectInput key="status" source="status" label="resources.courses.fields.status" codes={GROUP_STATUSES} />,
];

/** Teachers and admins make courses (families and school staff only browse them). */
export const useMayAuthorCourses = () => useCan('courses.author');

const Actions = () =>
  useMayAuthorCourses() ? (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  ) : (
    <TopToolbar />
  );

const thumb = (r: RaRecord, size: { width: number; height: number }) =>
  r.image ? (
    <AuthImage src={`${r.image}?thumb=1`} alt="" style={{ ...size, objectFit: 'cover', borderRadius: 4 }} />
  ) : null;

/** On a phone, a course a line: its picture, name, age group, languages and status (docs/PRODUCT.md §2 "Phones"). */
const CoursePhoneList = () => {
  const translate = useTranslate();
  const list = useCodeList();
  const label = (codes: readonly { id: unknown; labelKey: string; count?: number }[], value: unknown) => {
    const code = codes.find((c) => String(c.id) === String(value));
    return code ? translate(code.labelKey, code.count === undefined ? {} : { smart_count: code.count }) : null;
  };
  return (
    <SimpleList
      rowClick={(id) => `/course/${id}`}
      leftAvatar={(r) => thumb(r, { width: 40, height: 40 })}
      primaryText={(r) => (
        <>
          {r.name} <ApprovalChip value={Number(r.approval)} />
        </>
      )}
      secondaryText={(r) => (
        <DotList
          parts={[label(AGE_GROUPS, r.age_group), list(COURSE_LANGUAGES, r.languages), label(GROUP_STATUSES, r.status)]}
        />
      )}
    />
  );
};

/** /courses: the catalogue (age group 5 fits every age filter); a row opens the course page. */
const CourseList = () => {
  const phone = usePhone();
  return (
    <List
      title="app.menu.courses"
      filters={filters}
      actions={<Actions />}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={PAGE_SIZES[0]}
      pagination={<AppPagination />}
      exporter={false}
    >
      {phone ? (
        <CoursePhoneList />
      ) : (
        <Datagrid rowClick={(id) => `/course/${id}`} bulkActionButtons={false}>
          <FunctionField
            label="resources.courses.fields.image"
            render={(r: RaRecord) => thumb(r, { width: 64, height: 40 })}
          />
          <TextField source="name" />
          <CodeField source="age_group" codes={AGE_GROUPS} sortable={false} />
          <CodeListField source="languages" codes={COURSE_LANGUAGES} sortable={false} />
          <LocaleDateField source="start_date" />
          <LocaleDateField source="end_date" sortable={false} />
          <CodeField source="status" codes={GROUP_STATUSES} sortable={false} />
          <FunctionField
            source="approval"
            sortable={false}
            render={(r: RaRecord) => <ApprovalChip value={Number(r.approval)} />}
          />
        </Datagrid>
      )}
    </List>
  );
};

/** The approval state: approved courses say nothing more. */
export const ApprovalChip = ({ value }: { value: number }) => {
  const translate = useTranslate();
  const code = COURSE_APPROVALS.find((c) => c.id === value);
  if (!code || value === 1) return null;
  return <Chip size="small" color={value === 0 ? 'warning' : 'default'} label={translate(code.labelKey)} />;
};

export default CourseList;
