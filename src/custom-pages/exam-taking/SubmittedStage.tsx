import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { useLocaleState } from 'react-admin';
import { useTranslateFor } from '../../i18n/gender';
import { localText } from '../../../domain/exams';
import { AuthImage } from '../../components/AuthImage';
import type { Question, Stage } from '../../dataProvider/exams';

/** A stage already sent, as the server keeps it: each question with its answers, and the stage image. */
export const StageAnswers = ({ stage, questions }: { stage: Stage; questions: Question[] }) => {
  const translate = useTranslateFor();
  const [locale] = useLocaleState();
  return (
    <Stack spacing={1.5}>
      {questions.map((q, i) => {
        const answers = stage.answers.filter((a) => a.question_id === q.id);
        if (!answers.length && q.kind === 'image_upload') return null;
        return (
          <Box key={q.id}>
            <Typography variant="body2" color="text.secondary">
              {i + 1}. {localText(q.text, locale)}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {answers.length ? (
                answers.map((a) => (
                  <Chip key={a.id} label={a.answer} variant={a.source === 'option' ? 'filled' : 'outlined'} />
                ))
              ) : (
                <Typography variant="body2">—</Typography>
              )}
            </Box>
          </Box>
        );
      })}
      {stage.image && (
        <AuthImage
          src={stage.image.url}
          alt={translate('app.exams.ui.yourImage')}
          style={{
            maxWidth: '100%',
            maxHeight: 320,
            borderRadius: 8,
            border: '1px solid #ddd',
            alignSelf: 'flex-start',
          }}
        />
      )}
    </Stack>
  );
};

/** The stepper's view of a stage already sent: shown as given, then on to the next step. */
export const SubmittedStage = ({
  stage,
  questions,
  onPrevious,
  onNext,
}: {
  stage: Stage;
  questions: Question[];
  onPrevious?: () => void;
  onNext: () => void;
}) => {
  const translate = useTranslateFor();
  return (
    <Stack spacing={2}>
      <Alert icon={<CheckCircleOutlined />} severity="success">
        {translate('app.exams.ui.stageSent')}
      </Alert>
      <StageAnswers stage={stage} questions={questions} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        {onPrevious ? <Button onClick={onPrevious}>{translate('app.exams.ui.previous')}</Button> : <span />}
        <Button variant="contained" onClick={onNext}>
          {translate('app.exams.ui.next')}
        </Button>
      </Box>
    </Stack>
  );
};
