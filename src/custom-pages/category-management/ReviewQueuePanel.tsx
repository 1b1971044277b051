import { useState } from 'react';
import { Box, Chip, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DndProvider, useDrag, useDrop } from 'react-dnd';
import { HTML5Backend } from 'react-dnd-html5-backend';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { CategoryOut, SubcategoryOut } from '../../../domain/schemas/dictionary';
import type { AppDataProvider } from '../../dataProvider';
import type { QueueWord } from '../../dataProvider/wordScores';
import { notifyError } from '../../notifyError';
import { ErrorAlert } from '../../components/ErrorAlert';

const WORD = 'review-word';

/** A queued answer word, dragged onto a subcategory. */
const QueueWordChip = ({ word, onDismiss }: { word: QueueWord; onDismiss: (w: QueueWord) => void }) => {
  const translate = useTranslate();
  const [{ dragging }, drag] = useDrag(
    () => ({ type: WORD, item: word, collect: (m) => ({ dragging: m.isDragging() }) }),
    [word],
  );
  return (
    <Tooltip title={translate('app.reviewQueue.seen', { smart_count: word.count, tests: word.tests })}>
      <Chip
        ref={drag as never}
        data-testid="review-word"
        label={`${word.example} (${word.count})`}
        onDelete={() => onDismiss(word)}
        sx={{ cursor: 'grab', opacity: dragging ? 0.4 : 1 }}
        dir="auto"
      />
    </Tooltip>
  );
};

/** A subcategory a queued word can be dropped on. */
const SubcategoryTarget = ({
  category,
  subcategory,
  onDrop,
}: {
  category: CategoryOut;
  subcategory: SubcategoryOut;
  onDrop: (word: QueueWord, subcategory: SubcategoryOut) => void;
}) => {
  const [{ over }, drop] = useDrop(
    () => ({
      accept: WORD,
      drop: (word: QueueWord) => onDrop(word, subcategory),
      collect: (m) => ({ over: m.isOver() }),
    }),
    [subcategory, onDrop],
  );
  return (
    <Box
      ref={drop as never}
      data-testid="review-target"
      sx={{
        px: 1,
        py: 0.5,
        border: '1px dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : undefined,
        borderRadius: 1,
      }}
    >
      <Typography variant="body2">{`${category.category} › ${subcategory.subcategory}`}</Typography>
    </Box>
  );
};

/**
 * The review queue of a set (POST /scores/review-queue): relevant answer
 * words that matched no dictionary word, most frequent first. An admin
 * drags a word onto a subcategory to make it a dictionary word (POST
 * /scores/review-queue/assign, which rescores the set), or dismisses it.
 */
export const ReviewQueuePanel = ({
  setId,
  categories,
  onAssigned,
}: {
  setId: number;
  categories: CategoryOut[];
  onAssigned: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { data, error } = useQuery({
    queryKey: ['review-queue', setId],
    queryFn: () => dataProvider.reviewQueue(setId),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['review-queue', setId] });

  const act = async (call: () => Promise<{ key: string }>) => {
    setBusy(true);
    try {
      const answer = await call();
      notify(answer.key, { type: 'success' });
      await reload();
      onAssigned();
    } catch (e) {
      notifyError(notify, e);
    } finally {
      setBusy(false);
    }
  };
  const assign = (word: QueueWord, subcategory: SubcategoryOut) =>
    act(() => dataProvider.assignReviewWord(setId, word.normalised, subcategory.id));
  const dismiss = (word: QueueWord) => act(() => dataProvider.dismissReviewWord(setId, word.normalised));

  const words = data?.words ?? [];
  return (
    <DndProvider backend={HTML5Backend}>
      <Paper variant="outlined" sx={{ p: 2, opacity: busy ? 0.6 : 1 }} aria-busy={busy}>
        <Typography variant="h6" component="h2">
          {translate('app.reviewQueue.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.reviewQueue.help')}
        </Typography>
        {error && <ErrorAlert error={error} />}
        {data && !words.length && <Typography color="text.secondary">{translate('app.reviewQueue.empty')}</Typography>}
        {!!words.length && (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
            <Stack
              direction="row"
              useFlexGap
              spacing={1}
              sx={{ flexWrap: 'wrap' }}
              aria-label={translate('app.reviewQueue.words')}
            >
              {words.map((w) => (
                <QueueWordChip key={w.normalised} word={w} onDismiss={dismiss} />
              ))}
            </Stack>
            <Stack spacing={0.5} aria-label={translate('app.reviewQueue.targets')}>
              {categories.flatMap((c) =>
                c.subcategories.map((s) => (
                  <SubcategoryTarget key={s.id} category={c} subcategory={s} onDrop={assign} />
                )),
              )}
            </Stack>
          </Box>
        )}
      </Paper>
    </DndProvider>
  );
};
