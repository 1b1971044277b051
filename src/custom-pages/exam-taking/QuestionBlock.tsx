import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { useLocaleState } from 'react-admin';
import { useTranslateFor } from '../../i18n/gender';
import { MAX_ANSWER_LENGTH, QUESTION_KIND, localText } from '../../../domain/exams';
import { AuthImage } from '../../components/AuthImage';
import type { Question } from '../../dataProvider/exams';
import type { QuestionDraft } from './stagePayload';

interface Props {
  question: Question;
  number: number;
  draft: QuestionDraft;
  onChange: (next: QuestionDraft) => void;
  error?: string;
  disabled?: boolean;
}

/** A list of typed entries (repeated drawings' names, free ideas), one field each, with 'add'. */
const EntryList = ({
  draft,
  onChange,
  label,
  disabled,
}: Omit<Props, 'question' | 'number' | 'error'> & { label: (n: number) => string }) => {
  const translate = useTranslateFor();
  const set = (i: number, value: string) =>
    onChange({ ...draft, answers: draft.answers.map((a, j) => (j === i ? value : a)) });
  return (
    <Stack spacing={1}>
      {draft.answers.map((a, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            fullWidth
            size="small"
            value={a}
            label={label(i + 1)}
            disabled={disabled}
            slotProps={{ htmlInput: { maxLength: MAX_ANSWER_LENGTH } }}
            onChange={(e) => set(i, e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && a.trim()) {
                e.preventDefault();
                onChange({ ...draft, answers: [...draft.answers, ''] });
              }
            }}
          />
          {draft.answers.length > 1 && (
            <IconButton
              aria-label={translate('app.exams.ui.removeEntry')}
              disabled={disabled}
              onClick={() => onChange({ ...draft, answers: draft.answers.filter((_, j) => j !== i) })}
            >
              <CloseOutlined />
            </IconButton>
          )}
        </Stack>
      ))}
      <Box>
        <Button
          startIcon={<AddOutlined />}
          disabled={disabled}
          onClick={() => onChange({ ...draft, answers: [...draft.answers, ''] })}
        >
          {translate('app.exams.ui.addEntry')}
        </Button>
      </Box>
    </Stack>
  );
};

/** One question of a stage: its text, figure and the input of its kind. */
export const QuestionBlock = ({ question, number, draft, onChange, error, disabled }: Props) => {
  const translate = useTranslateFor();
  const [locale] = useLocaleState();
  const text = (t: Question['text']) => localText(t, locale);
  const labelId = `question-${question.id}`;
  const options = question.options.map((o) => ({ key: o.key, label: text(o.text) }));
  return (
    <Box
      component="section"
      aria-labelledby={labelId}
      sx={{ border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 2, p: 2 }}
    >
      <Typography id={labelId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {number}. {text(question.text)}
      </Typography>
      {question.image && (
        <AuthImage
          src={question.image.url}
          alt={translate('app.exams.ui.figure')}
          style={{
            display: 'block',
            maxWidth: '100%',
            maxHeight: 220,
            margin: '0 auto 8px',
            borderRadius: 8,
            background: '#fff',
          }}
        />
      )}
      {question.kind === QUESTION_KIND.checklist && (
        <FormGroup row>
          {options.map((o) => (
            <FormControlLabel
              key={o.key}
              sx={{ minWidth: 150 }}
              control={
                <Checkbox
                  checked={draft.options.includes(o.key)}
                  disabled={disabled}
                  onChange={(e) =>
                    onChange({
                      ...draft,
                      options: e.target.checked ? [...draft.options, o.key] : draft.options.filter((k) => k !== o.key),
                    })
                  }
                />
              }
              label={o.label}
            />
          ))}
        </FormGroup>
      )}
      {(question.kind === QUESTION_KIND.graph || question.kind === QUESTION_KIND.singleChoice) && (
        <>
          <RadioGroup
            row
            value={draft.options[0] ?? ''}
            aria-labelledby={labelId}
            onChange={(e) => onChange({ ...draft, options: [e.target.value] })}
          >
            {options.map((o) => (
              <FormControlLabel
                key={o.key}
                value={o.key}
                disabled={disabled}
                sx={{ minWidth: 150 }}
                control={<Radio />}
                label={o.label}
              />
            ))}
          </RadioGroup>
          {(question.kind === QUESTION_KIND.graph || question.allow_other) && (
            <TextField
              fullWidth
              size="small"
              sx={{ mt: 1 }}
              value={draft.other}
              disabled={disabled}
              label={translate(question.kind === QUESTION_KIND.graph ? 'app.exams.ui.ownIdea' : 'app.exams.ui.other')}
              slotProps={{ htmlInput: { maxLength: MAX_ANSWER_LENGTH } }}
              onChange={(e) => onChange({ ...draft, other: e.target.value })}
            />
          )}
        </>
      )}
      {question.kind === QUESTION_KIND.repeatedDraw && (
        <EntryList
          draft={draft}
          onChange={onChange}
          disabled={disabled}
          label={(n) => translate('app.exams.ui.drawingName', { n })}
        />
      )}
      {question.kind === QUESTION_KIND.freeText && (
        <EntryList
          draft={draft}
          onChange={onChange}
          disabled={disabled}
          label={(n) => translate('app.exams.ui.idea', { n })}
        />
      )}
      {error && (
        <Typography color="error" role="alert" sx={{ mt: 1 }}>
          {translate(error)}
        </Typography>
      )}
    </Box>
  );
};
