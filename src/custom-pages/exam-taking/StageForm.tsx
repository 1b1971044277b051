import { useCallback, useRef, useState } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { useTranslateFor } from '../../i18n/gender';
import { QUESTION_KIND } from '../../../domain/exams';
import { useAuthImage } from '../../components/AuthImage';
import type { Question } from '../../dataProvider/exams';
import { QuestionBlock } from './QuestionBlock';
import { StageImageInput, type StageImageHandle } from './StageImageInput';
import { draftErrors, draftOf, stageFields, stageUrl, type StageDraft } from './stagePayload';
import type { ExamSession } from './useExamSession';

const EXAM_LANGUAGES = ['ar', 'en', 'de', 'fr'];

/**
 * A stage to answer: its questions, the stage image, and the send button
 * (a wait label and disabled while sending). The stage rules are checked
 * here with the server's own rules (domain/exams), then on the server.
 */
export const StageForm = ({
  session,
  stage,
  questions,
  onPrevious,
  locked,
}: {
  session: ExamSession;
  stage: number;
  questions: Question[];
  onPrevious?: () => void;
  locked: boolean;
}) => {
  const translate = useTranslateFor();
  const [locale] = useLocaleState();
  const [draft, setDraft] = useState<StageDraft>({});
  const [hasImage, setHasImage] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const image = useRef<StageImageHandle>(null);
  const onImage = useCallback((has: boolean) => setHasImage(has), []);
  const background = questions.find((q) => q.kind === QUESTION_KIND.imageUpload)?.image?.url ?? null;
  // the figure under the canvas, fetched with the bearer token (a same-origin object URL keeps the export untainted)
  const backgroundUrl = useAuthImage(background);

  const send = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const picture = hasImage ? ((await image.current?.getImage()) ?? null) : null;
      const found = draftErrors(stage, questions, draft, picture);
      setErrors(found);
      if (Object.keys(found).length) {
        setMessage(found.answer ?? found.items ?? found.second_answer ?? found.img ?? Object.values(found)[0]);
        return;
      }
      const fields = stageFields(
        {
          studentId: session.student!.id,
          examType: session.exam!.exam_type,
          challenge: session.exam!.challenge,
          stage,
          language: EXAM_LANGUAGES.includes(locale) ? locale : 'ar',
          drawn: picture!.drawn,
        },
        questions,
        draft,
      );
      const outcome = await session.submit(stage, stageUrl(stage, session.teacher), fields, picture!);
      if (!outcome.ok && !outcome.offline) {
        setErrors(outcome.errors ?? {});
        setMessage(outcome.error ?? 'ra.notification.http_error');
      }
    } finally {
      setBusy(false);
    }
  };

  const questionError = (q: Question, i: number) =>
    errors[`question.${q.id}`] ?? errors[`items.${i}.answer`] ?? errors[`items.${i}.question_id`];
  let n = 0;
  return (
    <Stack spacing={2}>
      {questions.map((q) => {
        const index = q.kind === QUESTION_KIND.imageUpload ? -1 : n++;
        return (
          <QuestionBlock
            key={q.id}
            question={q}
            number={questions.indexOf(q) + 1}
            draft={draftOf(draft, q.id)}
            disabled={locked || busy}
            error={index >= 0 ? questionError(q, index) : undefined}
            onChange={(next) => setDraft((d) => ({ ...d, [q.id]: next }))}
          />
        );
      })}
      <StageImageInput
        ref={image}
        background={backgroundUrl}
        onChange={onImage}
        error={errors.img}
        disabled={locked || busy}
      />
      {message && (
        <Alert severity="error" role="alert">
          {translate(message)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
        {onPrevious ? (
          <Button onClick={onPrevious} disabled={busy}>
            {translate('app.exams.ui.previous')}
          </Button>
        ) : (
          <span />
        )}
        <Button variant="contained" size="large" onClick={send} disabled={busy || locked}>
          {busy ? translate('app.exams.ui.wait') : translate('app.exams.ui.send')}
        </Button>
      </Box>
    </Stack>
  );
};
