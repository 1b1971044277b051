import { useState } from 'react';
import {
  Alert,
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Confirm,
  LinkBase,
  Loading,
  type RaRecord,
  useDataProvider,
  useGetList,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { notifyError } from '../../notifyError';
import { BadgeChip, GradeText, StatusChip } from './ActivityFields';
import { usePhone } from '../../hooks/usePhone';
import { PhoneCardList } from '../../components/PhoneCardList';
import { PageLinks } from '../../components/PageLinks';
import { formatDate } from '../../../domain/format';

const PAGE_SIZES = [5, 10, 25];

interface ActivityTableProps {
  /** the list filter: child_id, group_id... */
  filter: Record<string, unknown>;
  /** whether the caller may delete this activity (domain/activities.ts rules for their role) */
  canDelete: (record: RaRecord) => boolean;
  /** a label for the table (screen readers) */
  label: string;
  /** a column with the child's name (a group's activities are of many children) */
  showChild?: boolean;
}

/**
 * The student activity table (docs/PRODUCT.md §2 "Student activity table"): id, title, date, badge, grade,
 * status, review and delete; 5 rows a page by default. On a phone, a card per activity with the same actions
 * (docs/PRODUCT.md §2 "Phones").
 */
export const ActivityTable = ({ filter, canDelete, label, showChild = false }: ActivityTableProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider();
  const phone = usePhone();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]);
  const [deleting, setDeleting] = useState<RaRecord | undefined>();
  const {
    data = [],
    total = 0,
    isPending,
    error,
    refetch,
  } = useGetList('activities', {
    filter,
    pagination: { page: page + 1, perPage },
    sort: { field: 'id', order: 'DESC' },
  });

  const remove = async () => {
    if (!deleting) return;
    try {
      await dataProvider.delete('activities', { id: deleting.id, previousData: deleting });
      notify('app.notify.activityDeleted', { type: 'success' });
      await refetch();
    } catch (e) {
      notifyError(notify, e);
    } finally {
      setDeleting(undefined);
    }
  };

  if (isPending) return <Loading />;
  if (error)
    return <Alert severity="error">{translate((error as Error).message, { _: (error as Error).message })}</Alert>;
  if (!total)
    return (
      <Typography color="text.secondary" sx={{ p: 1 }}>
        {translate('app.activities.none')}
      </Typography>
    );
  const field = (name: string) => translate(`resources.activities.fields.${name}`);
  const date = (a: RaRecord) => formatDate(a.created_at, locale);
  const review = translate('app.activities.review');
  const deleteLabel = translate('ra.action.delete');
  return (
    <>
      {phone ? (
        <PhoneCardList
          label={label}
          cards={data.map((a) => ({
            key: a.id,
            title: a.title,
            fields: [
              ...(showChild ? [[field('child_name'), a.child_name] as const] : []),
              [field('id'), a.id],
              [field('created_at'), date(a)],
              [field('badge_id'), <BadgeChip badgeId={a.badge_id} />],
              [field('grade'), <GradeText grade={a.grade} />],
              [field('status'), <StatusChip status={a.status} />],
            ],
            actions: (
              <>
                <Button
                  component={LinkBase}
                  to={`/activities/${a.id}/show`}
                  startIcon={<VisibilityIcon />}
                  aria-label={`${review}: ${a.title}`}
                >
                  {review}
                </Button>
                {canDelete(a) ? (
                  <Button
                    color="error"
                    startIcon={<DeleteIcon />}
                    onClick={() => setDeleting(a)}
                    aria-label={`${deleteLabel}: ${a.title}`}
                  >
                    {deleteLabel}
                  </Button>
                ) : null}
              </>
            ),
          }))}
        />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                {[...(showChild ? ['child_name'] : []), 'id', 'title', 'created_at', 'badge_id', 'grade', 'status'].map(
                  (name) => (
                    <TableCell key={name}>{field(name)}</TableCell>
                  ),
                )}
                <TableCell>{translate('app.activities.review')}</TableCell>
                <TableCell>{translate('ra.action.delete')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((a) => (
                <TableRow key={a.id}>
                  {showChild ? <TableCell>{a.child_name}</TableCell> : null}
                  <TableCell>{a.id}</TableCell>
                  <TableCell>{a.title}</TableCell>
                  <TableCell>{date(a)}</TableCell>
                  <TableCell>
                    <BadgeChip badgeId={a.badge_id} />
                  </TableCell>
                  <TableCell>
                    <GradeText grade={a.grade} />
                  </TableCell>
                  <TableCell>
                    <StatusChip status={a.status} />
                  </TableCell>
                  <TableCell>
                    <IconButton
                      component={LinkBase}
                      to={`/activities/${a.id}/show`}
                      aria-label={`${review}: ${a.title}`}
                      title={review}
                    >
                      <VisibilityIcon />
                    </IconButton>
                  </TableCell>
                  <TableCell>
                    {canDelete(a) ? (
                      <IconButton
                        color="error"
                        onClick={() => setDeleting(a)}
                        aria-label={`${deleteLabel}: ${a.title}`}
                        title={deleteLabel}
                      >
                        <DeleteIcon />
                      </IconButton>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={phone ? [] : PAGE_SIZES}
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
      <Confirm
        isOpen={!!deleting}
        title="app.activities.deleteTitle"
        content="app.activities.deleteContent"
        translateOptions={{ title: String(deleting?.title ?? '') }}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
};
