import { Datagrid, List, SearchInput, SelectInput, ShowButton, TextField, useTranslate } from 'react-admin';
import { ACTIVITY_STATUSES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { LocaleDateField } from '../../components/LocaleDateField';
import { BadgeField, GradeField, StatusField } from './ActivityFields';

const ActivityFilters = () => {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.activities.search')} />,
    <SelectInput
      key="status"
      source="status"
      label="resources.activities.fields.status"
      alwaysOn
      choices={ACTIVITY_STATUSES.map((s) => ({ id: s.id, name: translate(s.labelKey) }))}
    />,
  ];
};

/**
 * Activities in the caller's scope (/activities): the teacher's evaluation
 * queue (filter Pending), searched by title words, each opened to review
 * and evaluate it. Newest first by id (ids follow the order of handing in;
 * the server pages a teacher's list fastest in id order).
 */
export const ActivityList = () => (
  <List filters={ActivityFilters()} sort={{ field: 'id', order: 'DESC' }} pagination={<AppPagination />} perPage={10}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="title" />
      <TextField source="child_name" sortable={false} />
      <TextField source="group_name" sortable={false} />
      <LocaleDateField source="created_at" />
      <BadgeField source="badge_id" label="resources.activities.fields.badge_id" sortBy="badge_id" />
      <GradeField source="grade" label="resources.activities.fields.grade" sortBy="grade" />
      <StatusField source="status" label="resources.activities.fields.status" sortBy="status" />
      <ShowButton label="app.activities.review" />
    </Datagrid>
  </List>
);
