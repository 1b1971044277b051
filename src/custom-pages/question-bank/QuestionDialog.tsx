import { useState } from 'react';
import {
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
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useNotify, useTranslate } from 'react-admin';
import { EXAM_LANGUAGES, KINDS_BY_STAGE, KINDS_WITH_OPTIONS, QUESTION_KIND, type Stage } from '../../../domain/exams';
import { examMethods, type LocalText, type Question, type QuestionInput } from '../../dataProvider/exams';
import { serverFieldErrors } from '../../hooks/useBusyAction';
import { notifyError } from '../../notifyError';

const emptyText = (): LocalText => ({ ar: '', en: '', de: '', fr: '' });

/** Create or edit a question of the bank: kind, order, text and options in the four languages. */
export const QuestionDialog = ({
  question,
  defaults,
  onClose,
  onSaved,
}: {
  question: Question | null;
  defaults: { exam_type: number; challenge: number; stage: number };
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [value, setValue] = useState<QuestionInput>(() =>
    question
      ? {
          exam_type: question.exam_type,
          challenge: question.challenge,
          stage: question.stage,
          kind: question.kind,
          text: question.text,
          options: question.options,
          allow_other: question.allow_other,
          position: question.position,
        }
      : {
          ...defaults,
          kind: KINDS_BY_STAGE[defaults.stage as Stage][0],
          text: emptyText(),
          options: [],
          allow_other: false,
          position: 0,
        },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<QuestionInput>) => setValue((v) => ({ ...v, ...patch }));
  const err = (field: string) => (errors[field] ? translate(errors[field]) : undefined);
  const hasOptions = KINDS_WITH_OPTIONS.includes(value.kind as never);

  const save = async () => {
    setBusy(true);
    try {
      if (question) await examMethods.updateQuestion(question.id, value);
      else await examMethods.createQuestion(value);
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
      onSaved();
    } catch (e) {
      setErrors(serverFieldErrors(e) ?? {});
      notifyError(notify, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{translate(question ? 'app.exams.bank.edit' : 'app.exams.bank.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Stack direction="row" spacing={1}>
            <TextField
              select
              label={translate('app.exams.bank.examType')}
              value={value.exam_type}
              onChange={(e) => set({ exam_type: Number(e.target.value) })}
              sx={{ minWidth: 140 }}
            >
              {[1, 2].map((t) => (
                <MenuItem key={t} value={t}>
                  {translate(t === 1 ? 'app.codes.examType.pre' : 'app.codes.examType.post')}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={translate('app.exams.bank.challenge')}
              value={value.challenge}
              onChange={(e) => set({ challenge: Number(e.target.value) })}
              sx={{ minWidth: 140 }}
            >
              {[1, 2, 3].map((c) => (
                <MenuItem key={c} value={c}>
                  {translate(`app.codes.challenge.c${c}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={translate('app.exams.bank.stage')}
              value={value.stage}
              onChange={(e) => {
                const stage = Number(e.target.value) as Stage;
                set({ stage, kind: KINDS_BY_STAGE[stage][0] });
              }}
              sx={{ minWidth: 140 }}
            >
              {[1, 2, 3].map((s) => (
                <MenuItem key={s} value={s}>
                  {translate(`app.codes.stage.s${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={translate('app.exams.bank.kind')}
              value={value.kind}
              error={!!errors.kind}
              helperText={err('kind')}
              onChange={(e) => set({ kind: e.target.value })}
              sx={{ minWidth: 180 }}
            >
              {KINDS_BY_STAGE[value.stage as Stage].map((k) => (
                <MenuItem key={k} value={k}>
                  {translate(`app.codes.questionKind.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="number"
              label={translate('app.exams.bank.position')}
              value={value.position}
              onChange={(e) => set({ position: Number(e.target.value) })}
              sx={{ width: 100 }}
            />
          </Stack>
          {EXAM_LANGUAGES.map((lang) => (
            <TextField
              key={lang}
              multiline
              fullWidth
              label={translate('app.exams.bank.textIn', { lang: translate(`app.exams.bank.lang.${lang}`) })}
              value={value.text[lang]}
              error={!!errors[`text.${lang}`]}
              helperText={err(`text.${lang}`)}
              slotProps={{ htmlInput: { dir: lang === 'ar' ? 'rtl' : 'ltr' } }}
              onChange={(e) => set({ text: { ...value.text, [lang]: e.target.value } })}
            />
          ))}
          {value.kind === QUESTION_KIND.singleChoice && (
            <FormControlLabel
              control={
                <Checkbox checked={value.allow_other} onChange={(e) => set({ allow_other: e.target.checked })} />
              }
              label={translate('app.exams.bank.allowOther')}
            />
          )}
          {hasOptions && (
            <Box>
              <Typography variant="subtitle1">{translate('app.exams.bank.options')}</Typography>
              {errors.options && <Typography color="error">{translate(errors.options)}</Typography>}
              <Stack spacing={1}>
                {value.options.map((o, i) => (
                  <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <TextField
                      size="small"
                      label={translate('app.exams.bank.key')}
                      value={o.key}
                      sx={{ width: 110 }}
                      error={!!errors[`options.${i}.key`]}
                      onChange={(e) =>
                        set({ options: value.options.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)) })
                      }
                    />
                    {EXAM_LANGUAGES.map((lang) => (
                      <TextField
                        key={lang}
                        size="small"
                        label={translate(`app.exams.bank.lang.${lang}`)}
                        value={o.text[lang]}
                        error={!!errors[`options.${i}.text.${lang}`]}
                        slotProps={{ htmlInput: { dir: lang === 'ar' ? 'rtl' : 'ltr' } }}
                        onChange={(e) =>
                          set({
                            options: value.options.map((x, j) =>
                              j === i ? { ...x, text: { ...x.text, [lang]: e.target.value } } : x,
                            ),
                          })
                        }
                      />
                    ))}
                    <IconButton
                      aria-label={translate('ra.action.remove')}
                      onClick={() => set({ options: value.options.filter((_, j) => j !== i) })}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Stack>
                ))}
              </Stack>
              <Button
                startIcon={<AddOutlined />}
                onClick={() =>
                  set({ options: [...value.options, { key: `o${value.options.length + 1}`, text: emptyText() }] })
                }
              >
                {translate('app.exams.bank.addOption')}
              </Button>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {busy ? translate('app.exams.ui.wait') : translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
