import { Fragment, Suspense, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Collapse,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import InfoIcon from '@mui/icons-material/Info';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Confirm,
  LinkBase,
  type RaRecord,
  useDataProvider,
  useGetManyReference,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { familyActions } from '../../../domain/activities';
import { CHILD_GENDERS, CHILD_LANGUAGES } from '../../../domain/codes';
import { notifyError } from '../../notifyError';
import { ActivityTable } from '../../resources/activities/ActivityTable';
import { ActivityFormDialog, ChildDialog } from './dialogs';
import { calendarDay } from '../../components/calendarDay';
import { DotList } from '../../components/DotList';
import { usePhone } from '../../hooks/usePhone';
import { SectionCard } from '../../components/SectionCard';

const label = (
  translate: ReturnType<typeof useTranslate>,
  codes: readonly { id: unknown; labelKey: string }[],
  value: unknown,
) => {
  const code = codes.find((c) => String(c.id) === String(value));
  return code ? translate(code.labelKey) : '';
};

/** The family deletes an activity only while it is Pending (domain/activities.ts). */
const familyMayDelete = (activity: RaRecord) => familyActions(Number(activity.status)).delete;

/**
 * A family's children: table, add, edit, delete with confirmation, and each
 * child's activities in a row that opens (docs/PRODUCT.md §2 "Profile"), where the
 * family hands in a new one. On a phone, a card per child with the same actions (docs/PRODUCT.md §2 "Phones").
 */
export const ChildrenSection = ({ parentId }: { parentId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider();
  const {
    data = [],
    isPending,
    error,
    refetch,
  } = useGetManyReference('children', {
    target: 'parent_id',
    id: parentId,
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const [editing, setEditing] = useState<RaRecord | undefined>();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<RaRecord | undefined>();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [handingIn, setHandingIn] = useState<RaRecord | undefined>();
  const [activitiesVersion, setActivitiesVersion] = useState(0);

  const remove = async () => {
    if (!deleting) return;
    try {
      await dataProvider.delete('children', { id: deleting.id, previousData: deleting });
      notify('app.notify.childDeleted', { type: 'success' });
      await refetch();
    } catch (e) {
      notifyError(notify, e);
    } finally {
      setDeleting(undefined);
    }
  };

  const phone = usePhone();
  /** A child's activities, opened from its row or card: hand in a new one, the child's page, the activity table. */
  const activitiesOf = (child: RaRecord) => (
    <Box sx={{ py: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          {translate('app.children.activities', { name: child.name })}
        </Typography>
        <Button
          size="small"
          variant="contained"
          startIcon={<AddPhotoAlternateIcon />}
          onClick={() => setHandingIn(child)}
        >
          {translate('app.activities.handIn')}
        </Button>
        <Button size="small" startIcon={<InfoIcon />} component={LinkBase} to={`/student-details/${child.id}`}>
          {translate('app.studentDetails.open')}
        </Button>
      </Stack>
      <ActivityTable
        key={activitiesVersion}
        filter={{ child_id: child.id }}
        canDelete={familyMayDelete}
        label={translate('app.children.activities', { name: child.name })}
      />
    </Box>
  );
  /** Opens or closes a child's activities: an arrow in the table, the arrow and the heading's words on a card. */
  const toggle = (child: RaRecord) => {
    const props = {
      'aria-expanded': !!open[child.id],
      'aria-label': translate(open[child.id] ? 'app.children.hideActivities' : 'app.children.showActivities', {
        name: child.name,
      }),
      onClick: () => setOpen((o) => ({ ...o, [child.id]: !o[child.id] })),
    };
    const arrow = open[child.id] ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />;
    return phone ? (
      <Button size="small" startIcon={arrow} {...props}>
        {translate('app.children.activities', { name: child.name })}
      </Button>
    ) : (
      <IconButton size="small" {...props}>
        {arrow}
      </IconButton>
    );
  };
  const editAndDelete = (child: RaRecord) => (
    <>
      <IconButton
        aria-label={translate('ra.action.edit')}
        title={translate('ra.action.edit')}
        onClick={() => setEditing(child)}
      >
        <EditIcon />
      </IconButton>
      <IconButton
        aria-label={translate('ra.action.delete')}
        title={translate('ra.action.delete')}
        onClick={() => setDeleting(child)}
        color="error"
      >
        <DeleteIcon />
      </IconButton>
    </>
  );

  return (
    <>
      <SectionCard
        title={translate('app.children.title')}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {translate('app.children.add')}
          </Button>
        }
        isPending={isPending}
        error={error}
        empty={data.length === 0}
        emptyText={translate('app.children.none')}
      >
        {phone ? (
          <Box
            component="ul"
            aria-label={translate('app.children.title')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {data.map((child) => (
              <Card key={child.id} component="li" variant="outlined">
                <CardContent sx={{ pb: 0 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {child.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    <DotList
                      parts={[
                        label(translate, CHILD_GENDERS, child.gender),
                        calendarDay(child.birthdate, locale),
                        label(translate, CHILD_LANGUAGES, child.language),
                      ]}
                    />
                  </Typography>
                </CardContent>
                <CardActions>
                  {toggle(child)}
                  <Box sx={{ flex: 1 }} />
                  {editAndDelete(child)}
                </CardActions>
                <Collapse in={!!open[child.id]} timeout="auto" unmountOnExit>
                  <Box sx={{ px: 1, pb: 1 }}>{activitiesOf(child)}</Box>
                </Collapse>
              </Card>
            ))}
          </Box>
        ) : null}
        {!phone ? (
          <TableContainer>
            <Table size="small" aria-label={translate('app.children.title')}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>{translate('resources.children.fields.name')}</TableCell>
                  <TableCell>{translate('resources.children.fields.gender')}</TableCell>
                  <TableCell>{translate('resources.children.fields.birthdate')}</TableCell>
                  <TableCell>{translate('resources.children.fields.language')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((child) => (
                  <Fragment key={child.id}>
                    <TableRow sx={{ '& > td': { borderBottom: open[child.id] ? 'unset' : undefined } }}>
                      <TableCell padding="checkbox">{toggle(child)}</TableCell>
                      <TableCell>{child.name}</TableCell>
                      <TableCell>{label(translate, CHILD_GENDERS, child.gender)}</TableCell>
                      <TableCell>{calendarDay(child.birthdate, locale)}</TableCell>
                      <TableCell>{label(translate, CHILD_LANGUAGES, child.language)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {editAndDelete(child)}
                      </TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell colSpan={6} sx={{ py: 0 }}>
                        <Collapse in={!!open[child.id]} timeout="auto" unmountOnExit>
                          {activitiesOf(child)}
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </SectionCard>
      <Suspense fallback={null}>
        {adding ? <ChildDialog open onClose={() => setAdding(false)} onSaved={() => void refetch()} /> : null}
        {editing ? (
          <ChildDialog open child={editing} onClose={() => setEditing(undefined)} onSaved={() => void refetch()} />
        ) : null}
        {handingIn ? (
          <ActivityFormDialog
            child={{ id: Number(handingIn.id), name: String(handingIn.name) }}
            onClose={() => setHandingIn(undefined)}
            onSaved={() => {
              setOpen((o) => ({ ...o, [handingIn.id]: true }));
              setActivitiesVersion((v) => v + 1);
            }}
          />
        ) : null}
      </Suspense>
      <Confirm
        isOpen={!!deleting}
        title="app.children.deleteTitle"
        content="app.children.deleteContent"
        translateOptions={{ name: String(deleting?.name ?? '') }}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(undefined)}
      />
    </>
  );
};
