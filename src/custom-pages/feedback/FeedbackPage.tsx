import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControl,
  FormLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Rating,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DoneIcon from '@mui/icons-material/Done';
import SendIcon from '@mui/icons-material/Send';
import { Loading, Title, useDataProvider, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { RATING_RANGE } from '../../../domain/activities';
import { feedbackSchema } from '../../../domain/schemas/activities';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { zodErrors } from '../../validation/zodValidate';
import { DotList } from '../../components/DotList';
import { ShortText } from '../../components/ShortText';
import { usePhone } from '../../hooks/usePhone';
import { useCan } from '../../useCan';
import { formatDate } from '../../../domain/format';
import { PageLinks } from '../../components/PageLinks';
import { PAGE_SIZES } from '../../../domain/codes';

interface FeedbackRow {
  id: number;
  user_id: number | null;
  user_name: string | null;
  message: string;
  rating: number | null;
  read: boolean;
  created_at: string;
}

/** Writes feedback about the academy: a message and, if one likes, stars. */
const FeedbackForm = ({ onSent }: { onSent: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const send = async () => {
    const values = { message, rating: rating ?? undefined };
    const errors = zodErrors(feedbackSchema, values) as Record<string, string>;
    setError(errors.message);
    if (Object.keys(errors).length) return;
    await run(async () => {
      await dataProvider.sendFeedback(feedbackSchema.parse(values));
      notify('app.notify.feedbackSent', { type: 'success' });
      setMessage('');
      setRating(null);
      onSent();
    });
  };
  return (
    <Card component="section" aria-labelledby="feedback-form-title">
      <CardHeader
        title={
          <Typography id="feedback-form-title" variant="h6" component="h2">
            {translate('app.feedback.write')}
          </Typography>
        }
      />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label={translate('app.feedback.message')}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          multiline
          minRows={4}
          error={!!error}
          helperText={error ? translate(error) : translate('app.feedback.help')}
        />
        <FormControl component="fieldset">
          <FormLabel component="legend" id="feedback-rating">
            {translate('app.feedback.rating')}
          </FormLabel>
          <Rating
            value={rating}
            max={RATING_RANGE.max}
            onChange={(_e, v) => setRating(v)}
            aria-labelledby="feedback-rating"
            getLabelText={(v) => translate('app.activities.stars', { smart_count: v })}
          />
        </FormControl>
        <Box>
          <Button variant="contained" startIcon={<SendIcon />} onClick={() => void send()} disabled={busy}>
            {translate('app.feedback.send')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
};

/**
 * /feedback: everyone writes feedback about the academy and reads what
 * they sent; holders of access_dashboard read everyone's, mark it read and
 * delete it.
 */
const FeedbackPage = () => {
  const translate = useTranslate();
  const phone = usePhone();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const readsAll = useCan('feedback.readAll');
  const { run } = useBusyAction();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const {
    data = [],
    total = 0,
    isPending,
    error,
    refetch,
  } = useGetList<FeedbackRow>('feedback', {
    pagination: { page: page + 1, perPage },
    sort: { field: 'created_at', order: 'DESC' },
  });
  const markRead = (id: number) =>
    run(async () => {
      await dataProvider.readFeedback(id);
      await refetch();
    });
  const remove = (row: FeedbackRow) =>
    run(async () => {
      await dataProvider.delete('feedback', { id: row.id, previousData: row });
      notify('app.notify.deleted', { type: 'success' });
      await refetch();
    });
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('app.feedback.title')} />
      <FeedbackForm onSent={() => void refetch()} />
      <Card component="section" aria-labelledby="feedback-list-title">
        <CardHeader
          title={
            <Typography id="feedback-list-title" variant="h6" component="h2">
              {translate(readsAll ? 'app.feedback.all' : 'app.feedback.mine')}
            </Typography>
          }
        />
        <CardContent>
          {isPending ? <Loading /> : null}
          {error ? (
            <Alert severity="error">{translate((error as Error).message, { _: (error as Error).message })}</Alert>
          ) : null}
          {!isPending && !data.length ? (
            <Typography color="text.secondary">{translate('app.feedback.empty')}</Typography>
          ) : null}
          <List>
            {data.map((f) => (
              <ListItem
                key={f.id}
                divider
                secondaryAction={
                  <Stack direction="row">
                    {readsAll && !f.read ? (
                      <IconButton
                        aria-label={translate('app.feedback.markRead')}
                        title={translate('app.feedback.markRead')}
                        onClick={() => void markRead(f.id)}
                      >
                        <DoneIcon />
                      </IconButton>
                    ) : null}
                    <IconButton
                      color="error"
                      aria-label={translate('ra.action.delete')}
                      title={translate('ra.action.delete')}
                      onClick={() => void remove(f)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                }
              >
                <ListItemText
                  primary={<ShortText text={f.message} variant="body1" sx={{ display: 'block', pe: 10 }} />}
                  secondary={
                    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      {f.rating ? <Rating value={f.rating} readOnly size="small" component="span" /> : null}
                      <span>
                        <DotList parts={[readsAll ? f.user_name : null, formatDate(f.created_at, locale)]} />
                      </span>
                      {readsAll && !f.read ? (
                        <Chip size="small" color="primary" label={translate('app.feedback.new')} component="span" />
                      ) : null}
                    </Stack>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            ))}
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
        </CardContent>
      </Card>
    </Box>
  );
};

export default FeedbackPage;
