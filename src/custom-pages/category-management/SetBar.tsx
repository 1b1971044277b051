import { useState } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { categorySetInputSchema, type SetOut } from '../../../domain/schemas/dictionary';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { FormDialog } from '../../components/FormDialog';

interface SetBarProps {
  sets: SetOut[];
  current?: SetOut;
  onSelect: (id: number) => void;
  onChanged: () => void;
}

/** The category set being edited: choose one, create, rename or delete (empty sets only) with confirmation. */
export const SetBar = ({ sets, current, onSelect, onChanged }: SetBarProps) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const { busy, run } = useBusyAction();
  const [dialog, setDialog] = useState<'new' | 'edit' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const remove = () =>
    run(async () => {
      if (!current) return;
      await dataProvider.deleteCategorySet(current.id);
      notify('app.scoring.setDeleted', { type: 'success' });
      setConfirming(false);
      onChanged();
    }).then(() => setConfirming(false));

  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        fullWidth={false}
        sx={{ minWidth: 320 }}
        label={translate('app.categoryManagement.set')}
        value={current?.id ?? ''}
        onChange={(event) => onSelect(Number(event.target.value))}
      >
        {sets.map((set) => (
          <MenuItem key={set.id} value={set.id}>
            {translate('app.categoryManagement.setOption', { name: set.name, smart_count: set.words_count })}
          </MenuItem>
        ))}
      </TextField>
      <Button startIcon={<AddIcon />} onClick={() => setDialog('new')}>
        {translate('app.categoryManagement.newSet')}
      </Button>
      <Button startIcon={<EditIcon />} onClick={() => setDialog('edit')} disabled={!current}>
        {translate('app.categoryManagement.renameSet')}
      </Button>
      <Button startIcon={<DeleteIcon />} color="error" onClick={() => setConfirming(true)} disabled={!current || busy}>
        {translate('app.categoryManagement.deleteSet')}
      </Button>
      {dialog && (
        <FormDialog
          open
          title={translate(dialog === 'new' ? 'app.categoryManagement.newSet' : 'app.categoryManagement.renameSet')}
          record={
            dialog === 'new'
              ? { kind: 'set', name: '', code: '' }
              : { kind: 'set', id: current?.id, name: current?.name, code: current?.code ?? '' }
          }
          schema={categorySetInputSchema}
          save={async (data) => {
            const { set } = await dataProvider.saveCategorySet(data);
            onSelect(set.id);
            onChanged();
          }}
          successMessage="app.scoring.setSaved"
          onClose={() => setDialog(null)}
        >
          <TextInput source="name" label="app.categoryManagement.setName" fullWidth />
          <TextInput
            source="code"
            label="app.categoryManagement.setCode"
            helperText="app.categoryManagement.setCodeHelp"
            fullWidth
          />
        </FormDialog>
      )}
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="app.categoryManagement.deleteSetTitle"
        content="app.categoryManagement.deleteSetContent"
        translateOptions={{ name: current?.name ?? '' }}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};
