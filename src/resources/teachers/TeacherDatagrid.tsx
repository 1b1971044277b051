import type { ReactNode } from 'react';
import { Datagrid, EmailField, SearchInput, TextField } from 'react-admin';
import { COUNTRIES, SPECIALIZATIONS } from '../../../domain/codes';
import { CodeField } from '../../components/CodeField';
import { LocaleDateField } from '../../components/LocaleDateField';
import { UserNameField } from '../users/UserNameField';
import { AppPagination } from '../../components/AppPagination';

export const teacherFilters = [<SearchInput key="q" source="q" alwaysOn />];
export const teacherPagination = <AppPagination />;

/** The columns every teacher list shows; `actions` adds the list's own buttons. */
export const TeacherDatagrid = ({ children, actions }: { children?: ReactNode; actions?: ReactNode }) => (
  <Datagrid bulkActionButtons={false} rowClick={false}>
    <TextField source="id" />
    <UserNameField source="name" label="resources.users.fields.name" sortBy="name" />
    <EmailField source="email" />
    <CodeField source="specialization" codes={SPECIALIZATIONS} sortable={false} />
    <CodeField source="country" codes={COUNTRIES} sortBy="country" />
    {children}
    <LocaleDateField source="created_at" />
    {actions ? <RowActions label="">{actions}</RowActions> : null}
  </Datagrid>
);

const RowActions = ({ children }: { label?: string; children: ReactNode }) => (
  <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'nowrap', whiteSpace: 'nowrap' }}>{children}</span>
);
