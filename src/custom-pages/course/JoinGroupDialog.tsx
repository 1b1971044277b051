import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { ChildChoice } from './ChildChoice';

/**
 * A family joins a child to a group: with the group's promo code the child
 * joins at once; without it the family asks and the teacher answers
 * (POST /groups/add/{id}/1 {user_id, promo_code}).
 */
export const JoinGroupDialog = ({
  group,
  onClose,
  onDone,
}: {
  group: RaRecord;
  onClose: () => void;
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const [child, setChild] = useState<Identifier | ''>('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (withCode: boolean) => {
    if (child === '') return setErrors({ user_id: 'app.validation.childRequired' });
    if (withCode && !code.trim()) return setErrors({ promo_code: 'app.validation.promoCodeRequired' });
    setErrors({});
    const fieldErrors = await run(async () => {
      const key = await dataProvider.joinGroup(group.id, child, withCode ? code.trim() : undefined);
      notify(key, { type: 'success' });
      onDone();
      onClose();
    });
    if (fieldErrors) setErrors(fieldErrors);
    return undefined;
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="join-group-title">
      <DialogTitle id="join-group-title">{translate('app.courses.joinTitle', { name: group.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.courses.joinHelp')}</DialogContentText>
        <ChildChoice value={child} onChange={setChild} error={errors.user_id} />
        <TextField
          fullWidth
          margin="dense"
          name="promo_code"
          label={translate('resources.groups.fields.promo_code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={!!errors.promo_code}
          helperText={errors.promo_code ? translate(errors.promo_code) : undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button onClick={() => void submit(false)} disabled={busy}>
          {translate('app.courses.askToJoin')}
        </Button>
        <Button variant="contained" onClick={() => void submit(true)} disabled={busy}>
          {translate('app.courses.joinWithCode')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
