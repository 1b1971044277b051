import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LearnerGenderProvider, useTranslateFor } from '../../i18n/gender';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { CHALLENGES, STAGE_COUNT } from '../../../domain/exams';
import { ExamTimer } from './ExamTimer';
import { OfflineNotice } from './OfflineNotice';
import { StageForm } from './StageForm';
import { SubmittedStage } from './SubmittedStage';
import { useExamSession, type SessionRef } from './useExamSession';

const STATUS_COLOUR = { not_started: 'default', open: 'info', finished: 'success', time_over: 'warning' } as const;

/** The three challenges of the exam type, to switch between (query ?challenge=n). */
const ChallengePicker = ({ current, onPick }: { current: number; onPick: (c: number) => void }) => {
  const translate = useTranslate();
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ flexWrap: 'wrap' }}
      role="tablist"
      aria-label={translate('app.exams.ui.challenges')}
    >
      {CHALLENGES.map((c) => (
        <Chip
          key={c.id}
          role="tab"
          aria-selected={c.id === current}
          label={translate(c.labelKey)}
          color={c.id === current ? 'primary' : 'default'}
          onClick={() => onPick(c.id)}
        />
      ))}
    </Stack>
  );
};

/** The end of the test: answers sent, and the student report (docs/PRODUCT.md §2 "Exam screen"). */
const CompletionStep = ({ studentId, examType }: { studentId: number; examType: number }) => {
  const translate = useTranslateFor();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 3, textAlign: 'center' }}>
      <Typography variant="h5" component="p">
        {translate('app.exams.ui.answersSent')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={`/report/${studentId}/${examType}`}>
        {translate('app.exams.ui.studentReport')}
      </Button>
    </Stack>
  );
};

/**
 * The exam stepper (docs/PRODUCT.md §2 "Exam screen", §4 "Exam stepper"): three stages then the
 * completion step, Previous on steps 1 and 2, resuming at the first
 * unfinished stage with earlier answers shown, the server's timer, and a
 * stage kept on the device when the connection drops.
 */
export const ExamSessionView = ({
  sessionRef,
  onChallenge,
}: {
  sessionRef: SessionRef;
  onChallenge?: (c: number) => void;
}) => {
  const session = useExamSession(sessionRef);
  // the page speaks to its learner in the learner's gender (src/i18n/gender.tsx)
  const translate = useTranslateFor(session.student?.gender ?? null);
  const { exam, student, stages, questions, queued, deadline, teacher } = session;
  const [step, setStep] = useState(0);
  const [timeOver, setTimeOver] = useState(false);

  // resume where the server says the test stands
  useEffect(() => {
    if (exam) setStep(Math.min(exam.current_stage, STAGE_COUNT + 1) - 1);
  }, [exam?.current_stage, exam?.challenge]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    setTimeOver(exam?.status === 'time_over');
  }, [exam?.status, deadline]);

  if (session.loading && !exam)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </Box>
    );
  if (session.error) {
    if (session.error.status === 404) return <Navigate to="/404" replace />;
    return <Alert severity="error">{translate(session.error.message)}</Alert>;
  }
  if (!exam || !student) return null;
  const stageQuestions = (s: number) => questions[String(s)] ?? [];
  const submitted = (s: number) => stages.find((x) => x.stage === s);
  const started = exam.status !== 'not_started' || teacher;
  const locked = session.disabled || (!teacher && (timeOver || exam.status === 'finished'));

  const stepContent = () => {
    if (step >= STAGE_COUNT) return <CompletionStep studentId={student.id} examType={exam.exam_type} />;
    const stage = step + 1;
    const previous = step > 0 ? () => setStep(step - 1) : undefined;
    const done = submitted(stage);
    if (done)
      return (
        <SubmittedStage
          stage={done}
          questions={stageQuestions(stage)}
          onPrevious={previous}
          onNext={() => setStep(step + 1)}
        />
      );
    if (!teacher && stage > exam.current_stage) return null;
    const kept = queued && queued.stage === stage ? queued : null;
    return (
      <Stack spacing={2}>
        {kept && <OfflineNotice kept={kept} onRetry={session.resend} />}
        <StageForm
          key={`${exam.challenge}-${stage}`}
          session={session}
          stage={stage}
          questions={stageQuestions(stage)}
          onPrevious={previous}
          locked={locked || !!kept}
        />
      </Stack>
    );
  };

  return (
    <LearnerGenderProvider gender={student.gender}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="h5" component="h1">
              {student.name}
            </Typography>
            <Typography color="text.secondary" component="div">
              {translate(exam.exam_type === 1 ? 'app.codes.examType.pre' : 'app.codes.examType.post')} ·{' '}
              {translate(`app.codes.challenge.c${exam.challenge}`)}
              {' · '}
              <Chip
                size="small"
                color={STATUS_COLOUR[exam.status]}
                label={translate(`app.exams.status.${exam.status}`)}
              />
            </Typography>
          </Box>
          {!teacher && deadline && exam.status !== 'finished' && (
            <ExamTimer deadline={deadline} onTimeOver={() => setTimeOver(true)} />
          )}
        </Box>
        {onChallenge && <ChallengePicker current={exam.challenge} onPick={onChallenge} />}
        {session.disabled && <Alert severity="warning">{translate('app.exams.groupDisabled')}</Alert>}
        {!teacher && timeOver && exam.status !== 'finished' && (
          <Alert severity="warning" role="alert">
            {translate('app.exams.timeOver')}
          </Alert>
        )}
        {teacher && <Alert severity="info">{translate('app.exams.ui.teacherEntry')}</Alert>}
        {!started ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography>
              {translate('app.exams.ui.intro', { smart_count: Math.round(exam.duration / 60) })}{' '}
              {translate('app.exams.ui.introTimer')}
            </Typography>
            <Button variant="contained" size="large" disabled={session.disabled} onClick={() => void session.start()}>
              {translate('app.exams.ui.start')}
            </Button>
          </Stack>
        ) : (
          <>
            <Stepper activeStep={step} alternativeLabel>
              {[1, 2, 3].map((s) => (
                <Step key={s} completed={!!submitted(s)}>
                  <StepLabel>{translate(`app.codes.stage.s${s}`)}</StepLabel>
                </Step>
              ))}
              <Step completed={exam.status === 'finished'}>
                <StepLabel>{translate('app.exams.ui.done')}</StepLabel>
              </Step>
            </Stepper>
            <Box data-testid="exam-step" data-step={step + 1}>
              {stepContent()}
            </Box>
          </>
        )}
      </Stack>
    </LearnerGenderProvider>
  );
};
