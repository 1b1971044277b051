import { useState } from 'react';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  IconButton,
  Menu,
  MenuItem,
  MenuList,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/PersonRemove';
import MoreIcon from '@mui/icons-material/MoreVert';
import PdfIcon from '@mui/icons-material/WorkspacePremium';
import { useQuery } from '@tanstack/react-query';
import {
  Confirm,
  Loading,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import {
  MEMBER_SET_STATUSES,
  MEMBER_STATUS,
  MEMBER_STATUSES,
  GROUP_STUDENT_PAGE_SIZES,
  STUDENT_STATUS_FILTER,
} from '../../../domain/codes';
import type { AppDataProvider } from '../../dataProvider';
import type { StudentRow } from '../../dataProvider/teaching';
import { useBusyAction } from '../../hooks/useBusyAction';
import { formatDay } from '../../../domain/format';
import { PageLinks } from '../../components/PageLinks';
import { PhoneCardList } from '../../components/PhoneCardList';
import { usePhone } from '../../hooks/usePhone';

export const MemberStatusChip = ({ status }: { status: number }) => {
  const translate = useTranslate();
  const code = MEMBER_STATUSES.find((c) => c.id === status);
  const color =
    status === MEMBER_STATUS.active
      ? 'success'
      : status === MEMBER_STATUS.blocked
        ? 'error'
        : status === MEMBER_STATUS.pending
          ? 'warning'
          : 'default';
  return <Chip size="small" color={color} label={code ? translate(code.labelKey) : status} />;
};

/** A student's actions: set the status, print the certificate, remove from the group. */
const StudentActions = ({
  groupId,
  student,
  onChanged,
}: {
  groupId: Identifier;
  student: StudentRow;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [removing, setRemoving] = useState(false);
  const act = (work: () => Promise<unknown>, message?: string) =>
    run(async () => {
      await work();
      if (message) notify(message, { type: 'success' });
      onChanged();
    });
  return (
    <Box sx={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
      <IconButton
        aria-label={translate('app.groups.changeStatus', { name: student.name })}
        title={translate('app.groups.changeStatus', { name: student.name })}
        onClick={(e) => setMenu(e.currentTarget)}
        disabled={busy}
      >
        <MoreIcon />
      </IconButton>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        <MenuList dense>
          {MEMBER_SET_STATUSES.filter((s) => s.id !== student.status).map((s) => (
            <MenuItem
              key={s.id}
              onClick={() => {
                setMenu(null);
                void act(() => dataProvider.setStudentStatus(groupId, student.id, s.id), 'app.notify.statusChanged');
              }}
            >
              {translate(s.labelKey)}
            </MenuItem>
          ))}
        </MenuList>
      </Menu>
      {student.status === MEMBER_STATUS.active ? (
        <IconButton
          aria-label={translate('app.groups.certificate', { name: student.name })}
          title={translate('app.groups.certificate', { name: student.name })}
          disabled={busy}
          onClick={() => void act(() => dataProvider.downloadCertificate(student.id, groupId, student.name, locale))}
        >
          <PdfIcon />
        </IconButton>
      ) : null}
      <IconButton
        color="error"
        aria-label={translate('app.groups.removeStudent', { name: student.name })}
        title={translate('app.groups.removeStudent', { name: student.name })}
        onClick={() => setRemoving(true)}
        disabled={busy}
      >
        <DeleteIcon />
      </IconButton>
      <Confirm
        isOpen={removing}
        title="app.groups.removeTitle"
        content="app.groups.removeContent"
        translateOptions={{ name: student.name }}
        onConfirm={() => {
          setRemoving(false);
          void act(() => dataProvider.removeStudent(groupId, student.id), 'app.notify.studentRemoved');
        }}
        onClose={() => setRemoving(false)}
      />
    </Box>
  );
};

/**
 * The group's students, a page at a time (POST groups/group/students/filtered/{id}), with the student status filter:
 * 10, 20, 50 or 100 a page, 10 first (docs/DECISIONS.md "The second list of page sizes"), five page links; a new page
 * size, a search or a filter goes back to page 1.
 */
export const GroupStudents = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(GROUP_STUDENT_PAGE_SIZES[0]);
  const [status, setStatus] = useState<number | ''>('');
  const [search, setSearch] = useState('');
  const groupId = record?.id;
  const phone = usePhone();
  const { data, isPending, refetch } = useQuery({
    queryKey: ['groupStudents', groupId, page, perPage, status, search],
    enabled: groupId !== undefined,
    queryFn: () =>
      dataProvider.groupStudents(groupId!, {
        limit: perPage,
        offset: page * perPage,
        order_by: 'position',
        order_direction: 'asc',
        ...(status === '' ? {} : { status }),
        ...(search.trim() ? { search_text: search.trim() } : {}),
      }),
  });
  if (!record) return null;
  const title = translate('app.groups.students');
  return (
    <Card>
      <CardHeader title={title} />
      <CardContent>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <MuiTextField
            size="small"
            label={translate('ra.action.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
          <MuiTextField
            size="small"
            select
            label={translate('resources.groups.fields.student_status')}
            value={status}
            sx={{ minWidth: 180 }}
            onChange={(e) => {
              setStatus(e.target.value === '' ? '' : Number(e.target.value));
              setPage(0);
            }}
          >
            <MenuItem value="">{translate('app.groups.allStudents')}</MenuItem>
            {STUDENT_STATUS_FILTER.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {translate(s.labelKey)}
              </MenuItem>
            ))}
          </MuiTextField>
        </Box>
        {isPending ? <Loading /> : null}
        {data && data.data.length === 0 ? (
          <Typography color="text.secondary">{translate('app.groups.noStudents')}</Typography>
        ) : null}
        {data && data.data.length > 0 && phone ? (
          <PhoneCardList
            label={title}
            cards={data.data.map((s) => ({
              key: s.id,
              title: s.name,
              fields: [
                [translate('resources.groups.fields.position'), s.position],
                [translate('resources.children.fields.birthdate'), s.birthdate ? formatDay(s.birthdate, locale) : ''],
                [translate('resources.groups.fields.parent_name'), s.parent_name ?? ''],
                [translate('resources.groups.fields.student_status'), <MemberStatusChip status={s.status} />],
              ],
              actions: <StudentActions groupId={record.id} student={s} onChanged={() => void refetch()} />,
            }))}
          />
        ) : null}
        {data && data.data.length > 0 && !phone ? (
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.groups.fields.position')}</TableCell>
                <TableCell>{translate('resources.children.fields.name')}</TableCell>
                <TableCell>{translate('resources.children.fields.birthdate')}</TableCell>
                <TableCell>{translate('resources.groups.fields.parent_name')}</TableCell>
                <TableCell>{translate('resources.groups.fields.student_status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.data.map((s) => (
                <TableRow key={s.id}>
                  <TableCell>{s.position}</TableCell>
                  <TableCell>{s.name}</TableCell>
                  <TableCell>{s.birthdate ? formatDay(s.birthdate, locale) : ''}</TableCell>
                  <TableCell>{s.parent_name ?? ''}</TableCell>
                  <TableCell>
                    <MemberStatusChip status={s.status} />
                  </TableCell>
                  <TableCell align="right">
                    <StudentActions groupId={record.id} student={s} onChanged={() => void refetch()} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...GROUP_STUDENT_PAGE_SIZES]}
          ActionsComponent={PageLinks}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: 1 } }}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          labelDisplayedRows={({ from, to, count }) =>
            translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
          }
        />
      </CardContent>
    </Card>
  );
};
