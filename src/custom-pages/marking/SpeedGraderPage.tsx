import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Loading, Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { CHALLENGES, EXAM_TYPES } from '../../../domain/exams';
import { isAssessed, RUBRIC, type ImageScores, type RubricKey } from '../../../domain/marking/rubric';
import { AuthImage } from '../../components/AuthImage';
import { usePageLoadError } from '../../components/PageState';
import type { AppDataProvider } from '../../dataProvider';
import { markingImageUrl, type TestForMarking } from '../../dataProvider/marking';
import { notifyError } from '../../notifyError';

const labelOf = (list: readonly { id: number | string; labelKey: string }[], id: number) =>
  list.find((c) => c.id === id)?.labelKey ?? String(id);
const statusOf = (error: unknown) => (error as { status?: number } | undefined)?.status;

/**
 * /mark-neomi-test/:which_exam (mark_neomi_test): a speed grader for one
 * test. The drawing on one side, the rubric (domain/marking/rubric.ts) on
 * the other, 'x of y marked' above. Each score is saved as a draft when it
 * is given, in order, naming the version the page holds; a 409 (another
 * session saved first) stops the page until it reloads. Keyboard: ←/→ the
 * previous or next drawing (mirrored in right-to-left), ↑/↓ the rubric item,
 * a digit its score. Finishing is refused by the server until every drawing
 * is assessed ('You have to assess all the test'). The test is known only
 * by its code: the API sends no learner.
 */
/** The names the learner typed for the drawing (rubric item 'title' scores them), or that none was typed. */
const DrawingTitles = ({ titles }: { titles: string[] }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate('app.marking.titles')} data-testid="drawing-titles" sx={{ mb: 1 }}>
      <Typography variant="subtitle2" component="h2" color="text.secondary">
        {translate('app.marking.titles')}
      </Typography>
      {titles.length ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
          {titles.map((title, i) => (
            <Chip key={i} label={<bdi>{title}</bdi>} variant="outlined" />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.marking.noTitle')}
        </Typography>
      )}
    </Box>
  );
};

const SpeedGraderPage = () => {
  const { which_exam: assignmentId } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const [test, setTest] = useState<TestForMarking | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const showPageState = usePageLoadError();
  const [index, setIndex] = useState(0);
  const [item, setItem] = useState(0);
  const [stale, setStale] = useState(false);
  const [missing, setMissing] = useState<Set<number>>(new Set());
  const [finishing, setFinishing] = useState(false);
  // saves go one after the other, each naming the version the previous one returned
  const version = useRef(0);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const rtl = locale === 'ar';

  const load = useCallback(async () => {
    try {
      const loaded = await dataProvider.testForMarking(assignmentId!);
      version.current = loaded.version;
      setTest(loaded);
      setStale(false);
      setLoadError(null);
    } catch (error) {
      // not the marker's (404) or not a marker (403): the page state; anything else said here
      if (!showPageState(error)) setLoadError((error as Error).message);
    }
  }, [dataProvider, assignmentId, showPageState]);
  useEffect(() => {
    load();
  }, [load]);

  const image = test?.images[index];
  const finished = test?.status === 'finished';

  const score = useCallback(
    (key: RubricKey, value: number) => {
      if (!test || !image || stale || finished) return;
      const scores: ImageScores = { ...image.scores, [key]: value };
      const fileId = image.file_id;
      setTest(
        (t) =>
          t && {
            ...t,
            images: t.images.map((i) => (i.file_id === fileId ? { ...i, scores, assessed: isAssessed(scores) } : i)),
            marked: t.images.filter((i) => (i.file_id === fileId ? isAssessed(scores) : i.assessed)).length,
          },
      );
      setMissing((m) => {
        if (!isAssessed(scores)) return m;
        const next = new Set(m);
        next.delete(fileId);
        return next;
      });
      saving.current = saving.current.then(async () => {
        if (version.current < 0) return;
        try {
          const saved = await dataProvider.markImage({
            assignment_id: test.id,
            file_id: fileId,
            version: version.current,
            scores,
          });
          version.current = saved.version;
          setTest((t) => t && { ...t, version: saved.version, marked: saved.marked });
        } catch (error) {
          if (statusOf(error) === 409) {
            version.current = -1;
            setStale(true);
          }
          notifyError(notify, error);
        }
      });
    },
    [test, image, stale, finished, dataProvider, notify],
  );

  const finish = async () => {
    if (!test) return;
    setFinishing(true);
    try {
      await saving.current;
      if (version.current < 0) return;
      await dataProvider.finishMarking(test.id, version.current);
      notify('app.marking.done', { type: 'success' });
      navigate('/corrected-exams');
    } catch (error) {
      const errors = (error as { body?: { errors?: Record<string, string> } }).body?.errors ?? {};
      setMissing(new Set(Object.keys(errors).map((k) => Number(k.replace('images.', '')))));
      if (statusOf(error) === 409 && (error as { body?: { key?: string } }).body?.key === 'app.marking.stale')
        setStale(true);
      notifyError(notify, error);
    } finally {
      setFinishing(false);
    }
  };

  const go = useCallback(
    (step: number) => {
      if (!test) return;
      setIndex((i) => Math.min(test.images.length - 1, Math.max(0, i + step)));
    },
    [test],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.target instanceof HTMLInputElement ||
        event.target instanceof HTMLTextAreaElement ||
        event.ctrlKey ||
        event.metaKey ||
        event.altKey
      )
        return;
      const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
      const back = rtl ? 'ArrowRight' : 'ArrowLeft';
      if (event.key === forward) go(1);
      else if (event.key === back) go(-1);
      else if (event.key === 'ArrowDown') setItem((i) => Math.min(RUBRIC.length - 1, i + 1));
      else if (event.key === 'ArrowUp') setItem((i) => Math.max(0, i - 1));
      else if (/^[0-9]$/.test(event.key) && Number(event.key) <= RUBRIC[item].max)
        score(RUBRIC[item].key, Number(event.key));
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, score, item, rtl]);

  if (loadError)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {translate(loadError, { _: loadError })}
      </Alert>
    );
  if (!test) return <Loading />;
  const question = image ? ((image.question as Record<string, string>)[locale] ?? image.question.ar ?? '') : '';

  return (
    <Box sx={{ py: 2 }} data-testid="speed-grader">
      <Title title={translate('app.marking.title')} />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {translate('app.marking.testCode', { code: test.code })}
        </Typography>
        <Chip
          label={`${translate(labelOf(EXAM_TYPES, test.exam_type))} · ${translate(labelOf(CHALLENGES, test.challenge))}`}
        />
        <Typography data-testid="marked-count" sx={{ fontWeight: 600 }}>
          {translate('app.marking.markedOf', { marked: test.marked, total: test.images.length })}
        </Typography>
        <Box sx={{ flexGrow: 1, minWidth: 120 }}>
          <LinearProgress
            variant="determinate"
            value={test.images.length ? (100 * test.marked) / test.images.length : 0}
            aria-label={translate('app.marking.progress')}
          />
        </Box>
      </Stack>
      {stale && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={load}>
              {translate('app.marking.reload')}
            </Button>
          }
        >
          {translate('app.marking.stale')}
        </Alert>
      )}
      {finished && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {translate('app.marking.finishedNote')}
        </Alert>
      )}
      {image && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' }, alignItems: 'start' }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle2" color="text.secondary">
              {translate('app.marking.drawingOf', { n: index + 1, total: test.images.length, stage: image.stage })}
            </Typography>
            <Typography sx={{ mb: 1 }} dir="auto">
              {question}
            </Typography>
            <DrawingTitles titles={image.titles} />
            <Box
              sx={{ display: 'flex', justifyContent: 'center', bgcolor: 'grey.100', borderRadius: 1, minHeight: 280 }}
            >
              <AuthImage
                key={image.file_id}
                src={markingImageUrl(test.id, image.file_id)}
                alt={translate('app.marking.drawingAlt', { n: index + 1 })}
                style={{ maxWidth: '100%', maxHeight: 420, objectFit: 'contain' }}
              />
            </Box>
            <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'space-between' }}>
              <Button
                startIcon={<NavigateBeforeIcon sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
                disabled={index === 0}
                onClick={() => go(-1)}
              >
                {translate('app.marking.previous')}
              </Button>
              <Stack direction="row" spacing={0.5}>
                {test.images.map((img, i) => (
                  <Chip
                    key={img.file_id}
                    size="small"
                    label={i + 1}
                    color={img.assessed ? 'success' : missing.has(img.file_id) ? 'error' : 'default'}
                    variant={i === index ? 'filled' : 'outlined'}
                    onClick={() => setIndex(i)}
                    aria-label={translate('app.marking.drawingAlt', { n: i + 1 })}
                  />
                ))}
              </Stack>
              <Button
                endIcon={<NavigateNextIcon sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
                disabled={index === test.images.length - 1}
                onClick={() => go(1)}
              >
                {translate('app.marking.next')}
              </Button>
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }} spacing={1}>
              <Typography variant="h6" component="h2">
                {translate('app.marking.rubric')}
              </Typography>
              {image.assessed && <CheckCircleIcon color="success" aria-label={translate('app.marking.assessed')} />}
            </Stack>
            {missing.has(image.file_id) && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {translate('app.marking.assessAll')}
              </Alert>
            )}
            <Stack spacing={2}>
              {RUBRIC.map((r, i) => (
                <Box
                  key={r.key}
                  onClick={() => setItem(i)}
                  sx={{
                    p: 1,
                    borderRadius: 1,
                    outline: i === item ? '2px solid' : 'none',
                    outlineColor: 'primary.main',
                  }}
                >
                  <Typography sx={{ fontWeight: 600 }}>{translate(`app.marking.items.${r.key}`)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`app.marking.hints.${r.key}`)}
                  </Typography>
                  <ToggleButtonGroup
                    exclusive
                    size="small"
                    value={image.scores[r.key] ?? null}
                    onChange={(_, value: number | null) => value !== null && score(r.key, value)}
                    disabled={stale || finished}
                    aria-label={translate(`app.marking.items.${r.key}`)}
                    sx={{ mt: 0.5 }}
                  >
                    {Array.from({ length: r.max + 1 }, (_, v) => (
                      <ToggleButton
                        key={v}
                        value={v}
                        aria-label={`${translate(`app.marking.items.${r.key}`)} ${v}`}
                        sx={{ minWidth: 44 }}
                      >
                        {v}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                </Box>
              ))}
            </Stack>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
              {translate('app.marking.keys')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button variant="contained" onClick={finish} disabled={finishing || stale || finished}>
                {translate('app.marking.finish')}
              </Button>
              <Button component={RouterLink} to="/pre-neomi">
                {translate('app.marking.backToQueue')}
              </Button>
            </Stack>
          </Paper>
        </Box>
      )}
      {!test.images.length && <Alert severity="info">{translate('app.marking.noDrawings')}</Alert>}
    </Box>
  );
};

export default SpeedGraderPage;
