import { Datagrid, List, SelectInput, TextField, useRecordContext, useTranslate } from 'react-admin';
import { LocaleDateField } from '../../components/LocaleDateField';
import { LogChanges } from './LogChanges';
import { PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { LOG_ENTITIES, logEntityLabelKey } from '../../../domain/logs';

const EntityFilter = (props: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  return (
    <SelectInput
      {...props}
      label="resources.logs.fields.entity"
      choices={LOG_ENTITIES.map((e) => ({ id: e, name: translate(logEntityLabelKey(e)) }))}
      translateChoice={false}
    />
  );
};

/**
 * A translated word for a coded value (domain/logs.ts LOG_ACTIONS, LOG_ENTITIES: each has its label). A code the
 * console does not know (a row written by a newer server) reads as "another change", never as the code itself.
 */
const Translated = ({
  prefix,
  source,
  unknown,
}: {
  prefix: string;
  source: string;
  unknown: string;
  label?: string;
  sortable?: boolean;
}) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const value = record?.[source];
  if (value === undefined || value === null) return null;
  return <span>{translate(`${prefix}.${value}`, { _: translate(unknown) })}</span>;
};

/** /logs: who changed what and when; open a row to see the old and new values. */
const LogList = () => (
  <List
    title="app.menu.logs"
    filters={[<EntityFilter key="entity" source="entity" alwaysOn />]}
    sort={{ field: 'id', order: 'DESC' }}
    perPage={PAGE_SIZES[0]}
    pagination={<AppPagination />}
    exporter={false}
  >
    <Datagrid expand={<LogChanges />} rowClick="expand" bulkActionButtons={false}>
      <TextField source="id" />
      <LocaleDateField source="created_at" showTime />
      <TextField source="actor_name" sortable={false} />
      <Translated
        prefix="app.logs.actions"
        unknown="app.logs.otherAction"
        source="action"
        label="resources.logs.fields.action"
        sortable={false}
      />
      <Translated
        prefix="app.logs.entities"
        unknown="app.logs.otherEntity"
        source="entity"
        label="resources.logs.fields.entity"
        sortable={false}
      />
      <TextField source="entity_id" sortable={false} />
    </Datagrid>
  </List>
);

export default LogList;
