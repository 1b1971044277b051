import { useState } from 'react';
import {
  Alert, Button, Card, CardContent, CardHeader, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, Loading, type RaRecord, useDataProvider, useGetManyReference, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { CHILD_GENDERS, CHILD_LANGUAGES } from '../../../domain/codes';
import { notifyError } from '../../notifyError';
import { ChildDialog } from './ChildDialog';

const label = (translate: ReturnType<typeof useTranslate>, codes: readonly { id: unknown; labelKey: string }[], value: unknown) => {
  const code = codes.find((c) => String(c.id) === String(value));
  return code ? translate(code.labelKey) : '';
};

/** A family's children: table, add, edit, delete with confirmation (SPEC.md §2 profile). */
export const ChildrenSection = ({ parentId }: { parentId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider();
  const { data = [], isPending, error, refetch } = useGetManyReference('children', {
    target: 'parent_id',
    id: parentId,
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'id', order: 'ASC' },
  });
  const [editing, setEditing] = useState<RaRecord | undefined>();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<RaRecord | undefined>();

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

  const date = (value: unknown) => (value ? new Date(String(value)).toLocaleDateString(locale) : '');

  return (
    <Card component="section" sx={{ mt: 2 }}>
      <CardHeader
        title={<Typography variant="h6" component="h2">{translate('app.children.title')}</Typography>}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {translate('app.children.add')}
          </Button>
        }
      />
      <CardContent>
        {isPending ? <Loading /> : null}
        {error ? <Alert severity="error">{translate((error as Error).message, { _: (error as Error).message })}</Alert> : null}
        {!isPending && !error && data.length === 0 ? (
          <Typography color="text.secondary">{translate('app.children.none')}</Typography>
        ) : null}
        {data.length > 0 ? (
          <TableContainer>
            <Table size="small" aria-label={translate('app.children.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.children.fields.name')}</TableCell>
                  <TableCell>{translate('resources.children.fields.gender')}</TableCell>
                  <TableCell>{translate('resources.children.fields.birthdate')}</TableCell>
                  <TableCell>{translate('resources.children.fields.language')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((child) => (
                  <TableRow key={child.id}>
                    <TableCell>{child.name}</TableCell>
                    <TableCell>{label(translate, CHILD_GENDERS, child.gender)}</TableCell>
                    <TableCell>{date(child.birthdate)}</TableCell>
                    <TableCell>{label(translate, CHILD_LANGUAGES, child.language)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton aria-label={translate('ra.action.edit')} title={translate('ra.action.edit')} onClick={() => setEditing(child)}>
                        <EditIcon />
                      </IconButton>
                      <IconButton aria-label={translate('ra.action.delete')} title={translate('ra.action.delete')} onClick={() => setDeleting(child)} color="error">
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </CardContent>
      {adding ? <ChildDialog open onClose={() => setAdding(false)} onSaved={() => void refetch()} /> : null}
      {editing ? <ChildDialog open child={editing} onClose={() => setEditing(undefined)} onSaved={() => void refetch()} /> : null}
      <Confirm
        isOpen={!!deleting}
        title="app.children.deleteTitle"
        content="app.children.deleteContent"
        translateOptions={{ name: String(deleting?.name ?? '') }}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(undefined)}
      />
    </Card>
  );
};
