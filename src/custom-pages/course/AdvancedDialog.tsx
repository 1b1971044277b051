import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Loading, useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { AdvancedContent, AdvancedStep } from '../../dataProvider/teaching';
import { useBusyAction } from '../../hooks/useBusyAction';

const STEP_TYPES = ['text', 'choice', 'drawing', 'list'] as const;
const blankStep = (type: AdvancedStep['type']): AdvancedStep =>
  type === 'text'
    ? { type, text: '' }
    : type === 'choice'
      ? { type, question: '', options: ['', ''], multiple: false }
      : type === 'drawing'
        ? { type, prompt: '' }
        : { type, prompt: '', min_answers: 1 };

/** One step of an advanced activity, edited or shown. */
const StepEditor = ({
  step,
  index,
  errors,
  editable,
  onChange,
  onRemove,
}: {
  step: AdvancedStep;
  index: number;
  errors: Record<string, string>;
  editable: boolean;
  onChange: (s: AdvancedStep) => void;
  onRemove: () => void;
}) => {
  const translate = useTranslate();
  const err = (field: string) => errors[`steps.${index}.${field}`];
  const field = (name: string, value: string, set: (v: string) => void, multiline = false) => (
    <TextField
      fullWidth
      size="small"
      margin="dense"
      label={translate(`app.advanced.${name}`)}
      value={value}
      multiline={multiline}
      disabled={!editable}
      slotProps={{ htmlInput: { dir: 'auto' } }}
      onChange={(e) => set(e.target.value)}
      error={!!err(name)}
      helperText={err(name) ? translate(err(name)) : undefined}
    />
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ whiteSpace: 'nowrap' }}>
          {translate('app.advanced.step', { n: index + 1 })}
        </Typography>
        <TextField
          select
          size="small"
          value={step.type}
          disabled={!editable}
          label={translate('app.advanced.type')}
          onChange={(e) => onChange(blankStep(e.target.value as AdvancedStep['type']))}
          sx={{ minWidth: 180 }}
        >
          {STEP_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {translate(`app.advanced.types.${t}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {editable ? (
          <IconButton aria-label={translate('app.advanced.removeStep', { n: index + 1 })} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        ) : null}
      </Stack>
      {step.type === 'text' ? field('text', step.text, (text) => onChange({ ...step, text }), true) : null}
      {step.type === 'drawing' ? field('prompt', step.prompt, (prompt) => onChange({ ...step, prompt })) : null}
      {step.type === 'list' ? (
        <>
          {field('prompt', step.prompt, (prompt) => onChange({ ...step, prompt }))}
          <TextField
            size="small"
            type="number"
            margin="dense"
            label={translate('app.advanced.min_answers')}
            value={step.min_answers}
            disabled={!editable}
            slotProps={{ htmlInput: { min: 1, max: 50 } }}
            onChange={(e) => onChange({ ...step, min_answers: Number(e.target.value) })}
          />
        </>
      ) : null}
      {step.type === 'choice' ? (
        <>
          {field('question', step.question, (question) => onChange({ ...step, question }))}
          {step.options.map((option, i) => (
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                fullWidth
                size="small"
                margin="dense"
                label={translate('app.advanced.option', { n: i + 1 })}
                value={option}
                disabled={!editable}
                slotProps={{ htmlInput: { dir: 'auto' } }}
                onChange={(e) =>
                  onChange({ ...step, options: step.options.map((o, j) => (j === i ? e.target.value : o)) })
                }
              />
              {editable && step.options.length > 2 ? (
                <IconButton
                  aria-label={translate('app.advanced.removeOption', { n: i + 1 })}
                  onClick={() => onChange({ ...step, options: step.options.filter((_o, j) => j !== i) })}
                >
                  <DeleteIcon />
                </IconButton>
              ) : null}
            </Stack>
          ))}
          {err('options') ? (
            <Typography color="error" variant="caption">
              {translate('app.advanced.optionsRule')}
            </Typography>
          ) : null}
          {editable && step.options.length < 10 ? (
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => onChange({ ...step, options: [...step.options, ''] })}
            >
              {translate('app.advanced.addOption')}
            </Button>
          ) : null}
          <FormControlLabel
            control={
              <Checkbox
                checked={step.multiple}
                disabled={!editable}
                onChange={(e) => onChange({ ...step, multiple: e.target.checked })}
              />
            }
            label={translate('app.advanced.multiple')}
          />
        </>
      ) : null}
    </Paper>
  );
};

/**
 * An advanced activity's structured content (advanced/get/json,
 * /advanced/save/{id}): instructions and 1 to 30 steps. Read-only for
 * those who may not change the course.
 */
export const AdvancedDialog = ({
  activityId,
  editable,
  onClose,
  onSaved,
}: {
  activityId: Identifier;
  editable: boolean;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const [content, setContent] = useState<AdvancedContent | null>(null);
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    dataProvider
      .getAdvanced(activityId)
      .then((answer) => {
        setTitle(answer.title);
        setContent(answer.advanced ?? { instructions: '', steps: [blankStep('text')] });
      })
      .catch(() => setContent({ instructions: '', steps: [] }));
  }, [dataProvider, activityId]);
  const save = async () => {
    if (!content) return;
    const fieldErrors = await run(async () => {
      await dataProvider.saveAdvanced(activityId, {
        version: 1,
        ...content,
        instructions: content.instructions?.trim() || undefined,
      });
      notify('app.notify.saved', { type: 'success' });
      onSaved();
      onClose();
    });
    setErrors(fieldErrors ?? {});
  };
  const setStep = (i: number, step: AdvancedStep) =>
    setContent((c) => (c ? { ...c, steps: c.steps.map((s, j) => (j === i ? step : s)) } : c));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="advanced-title">
      <DialogTitle id="advanced-title">{translate('app.advanced.title', { name: title })}</DialogTitle>
      <DialogContent dividers>
        {!content ? (
          <Loading />
        ) : (
          <Stack spacing={1.5}>
            <TextField
              fullWidth
              multiline
              label={translate('app.advanced.instructions')}
              value={content.instructions ?? ''}
              disabled={!editable}
              slotProps={{ htmlInput: { dir: 'auto' } }}
              onChange={(e) => setContent({ ...content, instructions: e.target.value })}
            />
            {errors.steps ? <Alert severity="error">{translate(errors.steps)}</Alert> : null}
            {content.steps.map((step, i) => (
              <StepEditor
                key={i}
                step={step}
                index={i}
                errors={errors}
                editable={editable}
                onChange={(s) => setStep(i, s)}
                onRemove={() => setContent({ ...content, steps: content.steps.filter((_s, j) => j !== i) })}
              />
            ))}
            {editable && content.steps.length < 30 ? (
              <Button
                startIcon={<AddIcon />}
                onClick={() => setContent({ ...content, steps: [...content.steps, blankStep('text')] })}
              >
                {translate('app.advanced.addStep')}
              </Button>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(editable ? 'ra.action.cancel' : 'ra.action.close')}</Button>
        {editable ? (
          <Button variant="contained" onClick={() => void save()} disabled={busy || !content}>
            {translate('ra.action.save')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
};
