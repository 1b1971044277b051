import type { ReactNode } from 'react';
import { Datagrid, FunctionField, TextField, useTranslate, type RaRecord } from 'react-admin';
import { REQUEST_STATUSES } from '../../../domain/codes';
import { LocaleDateField } from '../../components/LocaleDateField';

/** The state of a course request or of an answered group request. */
export const RequestStatus = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const code = REQUEST_STATUSES.find((c) => c.id === record.status);
  return <>{code ? translate(code.labelKey) : ''}</>;
};

/** The columns every request list has: child, family, course or group, date; then the list's own. */
export const RequestDatagrid = ({
  place,
  children,
  actions,
}: {
  place: 'course' | 'group';
  children?: ReactNode;
  actions?: ReactNode;
}) => (
  <Datagrid bulkActionButtons={false} rowClick={false}>
    <TextField source="child_name" sortable={false} />
    <TextField source="parent_name" sortable={false} />
    {place === 'group' ? <TextField source="group_name" sortable={false} /> : null}
    <TextField source="course_name" sortable={false} />
    <LocaleDateField source="created_at" />
    {children}
    {actions ? (
      <FunctionField
        label=""
        render={() => <span style={{ display: 'inline-flex', gap: 4, whiteSpace: 'nowrap' }}>{actions}</span>}
      />
    ) : null}
  </Datagrid>
);
