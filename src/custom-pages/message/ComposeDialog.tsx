import { useEffect, useState } from 'react';
import { Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { sendMessageSchema } from '../../../domain/schemas/activities';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { zodErrors } from '../../validation/zodValidate';

export interface Recipient {
  id: number;
  name: string;
}

interface ComposeDialogProps {
  /** a reply: to the sender, about their message */
  replyTo?: { id: number; sender: Recipient; subject: string };
  onClose: () => void;
  onSent: () => void;
}

/** Writes a message (POST /users/send_mail): to someone the writer may reach, found by name. */
export const ComposeDialog = ({ replyTo, onClose, onSent }: ComposeDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const [to, setTo] = useState<Recipient | null>(replyTo?.sender ?? null);
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<Recipient[]>(replyTo ? [replyTo.sender] : []);
  const [subject, setSubject] = useState(
    replyTo ? (replyTo.subject.startsWith('Re: ') ? replyTo.subject : `Re: ${replyTo.subject}`) : '',
  );
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (replyTo) return undefined;
    const timer = setTimeout(() => {
      dataProvider
        .findRecipients(search)
        .then((r) => setOptions(r.users))
        .catch(() => setOptions([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [search, replyTo, dataProvider]);

  const send = async () => {
    const values = { user_id: to?.id, subject, content, reply_to: replyTo?.id };
    const found = zodErrors(sendMessageSchema, values) as Record<string, string>;
    setErrors(found);
    if (Object.keys(found).length) return;
    const serverErrors = await run(async () => {
      await dataProvider.sendMessage(sendMessageSchema.parse(values));
      notify('app.notify.messageSent', { type: 'success' });
      onSent();
      onClose();
    });
    if (serverErrors) setErrors(serverErrors);
  };
  /** a field's message goes as soon as the field is changed */
  const clear = (field: string) => setErrors(({ [field]: _gone, ...rest }) => rest);
  const help = (field: string) => (errors[field] ? translate(errors[field]) : undefined);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="compose-title">
      <DialogTitle id="compose-title">{translate(replyTo ? 'app.messages.reply' : 'app.messages.compose')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Autocomplete
            options={options}
            value={to}
            disabled={!!replyTo}
            onChange={(_e, v) => {
              setTo(v);
              clear('user_id');
            }}
            onInputChange={(_e, v) => setSearch(v)}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(x) => x}
            noOptionsText={translate('app.messages.noRecipients')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate('app.messages.to')}
                error={!!errors.user_id}
                helperText={help('user_id')}
              />
            )}
          />
          <TextField
            label={translate('app.messages.subject')}
            value={subject}
            onChange={(e) => {
              setSubject(e.target.value);
              clear('subject');
            }}
            error={!!errors.subject}
            helperText={help('subject')}
          />
          <TextField
            label={translate('app.messages.content')}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              clear('content');
            }}
            multiline
            minRows={5}
            error={!!errors.content}
            helperText={help('content')}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy}>
          {translate('app.messages.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
