import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Tab,
  Tabs,
  TablePagination,
  Typography,
} from '@mui/material';
import CreateIcon from '@mui/icons-material/Create';
import ReplyIcon from '@mui/icons-material/Reply';
import { Loading, Title, useDataProvider, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { Mail } from '../../dataProvider/activities';
import { notifyError } from '../../notifyError';
import { ComposeDialog } from './ComposeDialog';
import { DotList } from '../../components/DotList';
import { usePhone } from '../../hooks/usePhone';
import { formatDateTime } from '../../../domain/format';
import { PageLinks } from '../../components/PageLinks';
import { PAGE_SIZES } from '../../../domain/codes';

/**
 * /message: the inbox and the sent box; a message opens to be read (and
 * marked read) and answered; /message?id=… opens one from a notification.
 */
const MessagePage = () => {
  const translate = useTranslate();
  const phone = usePhone();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [params, setParams] = useSearchParams();
  const [box, setBox] = useState<'inbox' | 'sent'>('inbox');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [reading, setReading] = useState<Mail | null>(null);
  const [composing, setComposing] = useState<'new' | 'reply' | null>(null);
  const {
    data = [],
    total = 0,
    isPending,
    error,
    refetch,
  } = useGetList<Mail & { id: number }>('messages', {
    filter: { box },
    pagination: { page: page + 1, perPage },
    sort: { field: 'created_at', order: 'DESC' },
  });

  const open = async (id: number) => {
    try {
      setReading((await dataProvider.getMessage(id)).mail);
      void refetch();
    } catch (e) {
      notifyError(notify, e);
    }
  };
  const linked = params.get('id');
  useEffect(() => {
    if (linked && /^\d+$/.test(linked)) {
      void open(Number(linked));
      setParams({}, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked]);

  const when = (iso: string) => formatDateTime(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('app.messages.title')} />
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Tabs
          value={box}
          onChange={(_e, v) => {
            setBox(v);
            setPage(0);
          }}
          aria-label={translate('app.messages.title')}
          sx={{ flex: 1 }}
        >
          <Tab value="inbox" label={translate('app.messages.inbox')} />
          <Tab value="sent" label={translate('app.messages.sent')} />
        </Tabs>
        <Button variant="contained" startIcon={<CreateIcon />} onClick={() => setComposing('new')}>
          {translate('app.messages.compose')}
        </Button>
      </Stack>
      <Card>
        {isPending ? <Loading /> : null}
        {error ? (
          <Alert severity="error">{translate((error as Error).message, { _: (error as Error).message })}</Alert>
        ) : null}
        {!isPending && !error && !data.length ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('app.messages.empty')}
          </Typography>
        ) : null}
        <List aria-label={translate(box === 'inbox' ? 'app.messages.inbox' : 'app.messages.sent')}>
          {data.map((m) => {
            const unread = box === 'inbox' && !m.read;
            return (
              <ListItem key={m.id} disablePadding divider>
                <ListItemButton onClick={() => void open(m.id)}>
                  <ListItemText
                    primary={
                      <>
                        {unread ? (
                          <span className="unread-dot" aria-label={translate('app.messages.unread')}>
                            ●{' '}
                          </span>
                        ) : null}
                        {m.subject}
                      </>
                    }
                    secondary={
                      <DotList
                        parts={[
                          box === 'inbox' ? m.sender.name : `${translate('app.messages.to')}: ${m.recipient.name}`,
                          when(m.created_at),
                        ]}
                      />
                    }
                    slotProps={{ primary: { sx: { fontWeight: unread ? 700 : 400 } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={phone ? [] : [...PAGE_SIZES]}
          ActionsComponent={PageLinks}
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
      </Card>
      <Dialog open={!!reading} onClose={() => setReading(null)} fullWidth maxWidth="sm" aria-labelledby="message-title">
        {reading ? (
          <>
            <DialogTitle id="message-title">{reading.subject}</DialogTitle>
            <DialogContent dividers>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                <DotList
                  parts={[
                    `${translate('app.messages.from')}: ${reading.sender.name}`,
                    `${translate('app.messages.to')}: ${reading.recipient.name}`,
                    when(reading.created_at),
                  ]}
                />
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{reading.content}</Typography>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setReading(null)}>{translate('ra.action.close')}</Button>
              {reading.sender.id !== reading.recipient.id && box === 'inbox' ? (
                <Button variant="contained" startIcon={<ReplyIcon />} onClick={() => setComposing('reply')}>
                  {translate('app.messages.reply')}
                </Button>
              ) : null}
            </DialogActions>
          </>
        ) : null}
      </Dialog>
      {composing ? (
        <ComposeDialog
          replyTo={
            composing === 'reply' && reading
              ? { id: reading.id, sender: reading.sender, subject: reading.subject }
              : undefined
          }
          onClose={() => setComposing(null)}
          onSent={() => {
            setReading(null);
            void refetch();
          }}
        />
      ) : null}
    </Box>
  );
};

export default MessagePage;
