import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  LinearProgress,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { useTranslate } from 'react-admin';
import { ReportLinkField } from '../../components/ReportLinkField';
import { LearnerGenderProvider, useTranslateFor } from '../../i18n/gender';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router-dom';
import { CHALLENGES, STAGE_COUNT, testProgress, type TestProgress } from '../../../domain/exams';
import { isGuestSession } from '../../session';
import { guestReportOf } from '../guests/guestReportLink';
import { endGuestSession } from '../guests/guestSession';
import { registerExamWorker } from '../../offlineApp';
import { ExamTimer } from './ExamTimer';
import { OfflineNotice } from './OfflineNotice';
import { StageForm } from './StageForm';
import { SubmittedStage } from './SubmittedStage';
import { useExamSession, type SessionRef } from './useExamSession';
import { shownExam, type ShownStatus } from './shownStatus';

/** Filled chips under white text: each colour of the theme is 4.5:1 or more against it (src/theme.ts). */
const STATUS_COLOUR: Record<ShownStatus, 'default' | 'info' | 'success' | 'warning' | 'secondary'> = {
  not_started: 'default',
  open: 'info',
  finished: 'success',
  time_over: 'warning',
  waiting: 'secondary',
};

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

/** The path of the guest's report page for its report link, or null (docs/DECISIONS.md "Children's data"). */
const reportPath = (link: string | undefined) => {
  const token = link && /\/guest-report\/([A-Za-z0-9_-]{20,64})\/?$/.exec(link)?.[1];
  return token ? `/guest-report/${token}` : null;
};

/**
 * A walk-in guest at the end of the whole test: the session is ended at once
 * (token revoked, device storage cleared: docs/SECURITY.md "Guest sessions");
 * the report opens by its link, and Finish leaves the device at the guests'
 * landing page for the next child.
 */
const GuestFinish = ({ studentId, waiting }: { studentId: number; waiting: boolean }) => {
  const translate = useTranslateFor();
  const navigate = useNavigate();
  // read before the device is cleared
  const [link] = useState(() => guestReportOf(studentId));
  const [ended, setEnded] = useState(false);
  // not while a stage waits on the device for the connection: it is sent with this session, never another's
  useEffect(() => {
    if (!waiting) void endGuestSession().then(() => setEnded(true));
  }, [waiting]);
  const report = reportPath(link);
  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch', width: '100%', maxWidth: 520 }} data-testid="guest-finish">
      {ended && <Alert severity="info">{translate('app.exams.ui.signedOut')}</Alert>}
      {link && <ReportLinkField link={link} label={translate('app.exams.guest.reportLink')} />}
      {report && (
        <Button
          variant="contained"
          size="large"
          disabled={!ended}
          onClick={() => navigate(report, { replace: true, state: { finished: true } })}
        >
          {translate('app.exams.ui.myReport')}
        </Button>
      )}
      <Button
        variant={report ? 'outlined' : 'contained'}
        size="large"
        disabled={!ended}
        onClick={() => navigate('/exam-page', { replace: true })}
      >
        {translate('app.exams.ui.finishGuest')}
      </Button>
    </Stack>
  );
};

/**
 * The end of a challenge (docs/PRODUCT.md §2 "Exam screen"): answers sent; while
 * challenges remain, the way on to the next one (the report, if offered, is
 * marked partial); at the end of the whole test, the report (a guest's by its link).
 */
const CompletionStep = ({
  studentId,
  examType,
  challenge,
  progress,
  onChallenge,
  guest,
  waiting,
  report,
}: {
  studentId: number;
  examType: number;
  challenge: number;
  progress: TestProgress | null;
  onChallenge?: (c: number) => void;
  guest: boolean;
  /** stages of the test wait on the device for the connection */
  waiting: boolean;
  /** the report is offered: the server has every stage (src/custom-pages/exam-taking/shownStatus.ts) */
  report: boolean;
}) => {
  const translate = useTranslateFor();
  const next = progress && !progress.complete ? progress.next : null;
  const reportLink = (partial: boolean) =>
    !report ? (
      // the report is read from the server, which does not have the answers kept on the device yet
      <Typography data-testid="report-after-sending" color="text.secondary">
        {translate('app.exams.ui.reportAfterSending')}
      </Typography>
    ) : (
      <Stack spacing={0.5} sx={{ alignItems: 'center' }}>
        <Button
          variant={partial ? 'text' : 'contained'}
          component={RouterLink}
          to={`/report/${studentId}/${examType}`}
          aria-describedby={partial ? 'partial-report' : undefined}
        >
          {translate('app.exams.ui.studentReport')}
        </Button>
        {partial && progress && (
          <Typography id="partial-report" variant="body2" color="text.secondary">
            {translate('app.exams.ui.partialReport', { done: progress.closed.length })}
          </Typography>
        )}
      </Stack>
    );
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 3, textAlign: 'center' }}>
      <Typography variant="h5" component="p">
        {translate(waiting ? 'app.exams.ui.answersKept' : 'app.exams.ui.answersSent')}
      </Typography>
      {next ? (
        <>
          <Typography>{translate('app.exams.ui.challengeDone', { challenge, next })}</Typography>
          <Alert severity="info" sx={{ textAlign: 'start' }}>
            {translate('app.exams.ui.testNotOver')}
          </Alert>
          {onChallenge && (
            <Button variant="contained" size="large" onClick={() => onChallenge(next)}>
              {translate('app.exams.ui.nextChallenge', { next })}
            </Button>
          )}
          {!guest && reportLink(true)}
        </>
      ) : (
        <>
          {progress?.complete && <Typography>{translate('app.exams.ui.testComplete')}</Typography>}
          {guest ? <GuestFinish studentId={studentId} waiting={waiting} /> : reportLink(false)}
        </>
      )}
    </Stack>
  );
};

/**
 * The bar that stays at the top of the screen while the child scrolls (a long
 * stage on a phone): where the child is in the whole test, and the time left.
 * Sticky, so it takes its own room and covers no input at rest; the page's
 * scroll padding keeps an input the browser scrolls to (focus, errors) clear of it.
 */
const ProgressBar = ({
  progress,
  label,
  children,
}: {
  progress: TestProgress | null;
  label: string;
  children?: ReactNode;
}) => {
  const translate = useTranslate();
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const before = root.style.scrollPaddingTop;
    const fit = () => {
      root.style.scrollPaddingTop = `${(ref.current?.offsetHeight ?? 0) + 8}px`;
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    if (ref.current) observer?.observe(ref.current);
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingTop = before;
    };
  }, []);
  return (
    <Box
      ref={ref}
      data-testid="exam-bar"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        bgcolor: 'background.paper',
        mx: { xs: -2, sm: -4 },
        px: { xs: 2, sm: 4 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography data-testid="exam-progress" sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        {children}
      </Box>
      {progress && (
        <LinearProgress
          variant="determinate"
          value={(100 * progress.stagesSent) / progress.stagesTotal}
          aria-label={translate('app.exams.ui.progressLabel')}
          sx={{ mt: 1, height: 6, borderRadius: 3 }}
        />
      )}
    </Box>
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
  const { exam, student, stages, questions, queued, deadline, teacher, overview } = session;
  // the exam's code and fonts on the device for the test offline, from the exam pages only (src/offlineApp.ts)
  useEffect(() => {
    if (!teacher) void registerExamWorker();
  }, [teacher]);
  const [step, setStep] = useState(0);
  const [timeOver, setTimeOver] = useState(false);
  const [guest] = useState(isGuestSession);

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
  // what the page says: the server's status, or the stages waiting on the device to be sent
  const shown = shownExam(exam.status, exam.challenge, session.keptAll);

  // the whole test: this challenge as it stands now, the others as the page found them
  const progress =
    overview &&
    testProgress(
      [
        ...overview.filter((e) => e.challenge !== exam.challenge),
        { ...exam, status: timeOver && exam.status === 'open' ? 'time_over' : exam.status },
      ],
      exam.exam_type,
      exam.challenge,
    );
  const stageNumber = Math.min(step + 1, STAGE_COUNT);
  const progressLabel = translate('app.exams.ui.progress', { challenge: exam.challenge, stage: stageNumber });

  const stepContent = () => {
    // the end of the challenge; or its time over when nothing else is left to take
    if (step >= STAGE_COUNT || (!teacher && timeOver && progress?.complete))
      return (
        <CompletionStep
          studentId={student.id}
          examType={exam.exam_type}
          challenge={exam.challenge}
          progress={progress}
          onChallenge={onChallenge}
          guest={guest}
          waiting={session.keptAll.length > 0}
          report={shown.report}
        />
      );
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
    const kept = session.kept.find((k) => k.stage === stage);
    return (
      <Stack spacing={2}>
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
              data-testid="exam-status"
              data-status={shown.status}
              color={STATUS_COLOUR[shown.status]}
              icon={shown.status === 'waiting' ? <CloudUploadOutlined /> : undefined}
              label={translate(`app.exams.status.${shown.status}`)}
            />
          </Typography>
        </Box>
        {!teacher && (
          <ProgressBar progress={progress} label={progressLabel}>
            {deadline && exam.status !== 'finished' && (
              <ExamTimer deadline={deadline} onTimeOver={() => setTimeOver(true)} />
            )}
          </ProgressBar>
        )}
        {onChallenge && <ChallengePicker current={exam.challenge} onPick={onChallenge} />}
        {session.disabled && <Alert severity="warning">{translate('app.exams.groupDisabled')}</Alert>}
        {!teacher && timeOver && exam.status !== 'finished' && (
          <Alert
            severity="warning"
            role="alert"
            action={
              onChallenge &&
              progress?.next && (
                <Button color="inherit" onClick={() => onChallenge(progress.next!)}>
                  {translate('app.exams.ui.nextChallenge', { next: progress.next })}
                </Button>
              )
            }
          >
            {translate('app.exams.timeOver')}
          </Alert>
        )}
        {teacher && <Alert severity="info">{translate('app.exams.ui.teacherEntry')}</Alert>}
        {/* stages kept on the device (this challenge's or an earlier one's): sent by themselves, in order */}
        {queued ? (
          <OfflineNotice kept={queued} onRetry={session.resend} />
        ) : (
          session.keptAll[0] && <OfflineNotice kept={session.keptAll[0]} onRetry={session.resend} />
        )}
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
