import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { Confirm, Loading, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { localText } from '../../../domain/exams';
import { AuthImage } from '../../components/AuthImage';
import {
  examMethods,
  type Answer,
  type Exam,
  type Learner,
  type QuestionsByStage,
  type Stage,
} from '../../dataProvider/exams';
import { notifyError } from '../../notifyError';
import { useCan } from '../../useCan';
import { formatDateTime } from '../../../domain/format';

/** Correcting one answer's text (PUT /answers/update/answer). */
const EditAnswerDialog = ({
  answer,
  onClose,
  onSaved,
}: {
  answer: Answer;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [text, setText] = useState(answer.answer);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await examMethods.updateAnswer(answer.id, text);
      notify('app.exams.answerUpdated', { type: 'success' });
      onSaved();
    } catch (e) {
      notifyError(notify, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.exams.ui.editAnswer')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          sx={{ mt: 1 }}
          value={text}
          onChange={(e) => setText(e.target.value)}
          label={translate('app.exams.ui.answer')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy || !text.trim()}>
          {busy ? translate('app.exams.ui.wait') : translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** One challenge's stages as stored, with the tools of access_neomi holders. */
const ChallengeAnswers = ({
  student,
  exam,
  stages,
  questions,
  canManage,
  onChanged,
}: {
  student: Learner;
  exam: Exam;
  stages: Stage[];
  questions: QuestionsByStage;
  canManage: boolean;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [confirm, setConfirm] = useState(false);
  const [editing, setEditing] = useState<Answer | null>(null);
  const ref = { student_id: student.id, exam_type: exam.exam_type, challenge: exam.challenge };
  const resetTimer = async () => {
    try {
      await examMethods.resetTimer(ref);
      notify('app.exams.timerReset', { type: 'success' });
      onChanged();
    } catch (e) {
      notifyError(notify, e);
    }
  };
  const redo = async () => {
    setConfirm(false);
    try {
      await examMethods.redoTest(ref);
      notify('app.exams.testRedone', { type: 'success' });
      onChanged();
    } catch (e) {
      notifyError(notify, e);
    }
  };
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip label={translate(`app.exams.status.${exam.status}`)} />
        {exam.started_at && (
          <Typography variant="body2">
            {translate('app.exams.ui.startedAt', { date: formatDateTime(exam.started_at, locale) })}
          </Typography>
        )}
        {canManage && exam.id && (
          <>
            <Button size="small" onClick={resetTimer}>
              {translate('app.exams.ui.resetTimer')}
            </Button>
            <Button size="small" color="error" onClick={() => setConfirm(true)}>
              {translate('app.exams.ui.redoTest')}
            </Button>
          </>
        )}
      </Box>
      {!stages.length && <Typography>{translate('app.exams.ui.noAnswers')}</Typography>}
      {stages.map((s) => (
        <Card key={s.stage} variant="outlined">
          <CardHeader
            title={translate(`app.codes.stage.s${s.stage}`)}
            subheader={formatDateTime(s.submitted_at, locale)}
          />
          <CardContent>
            <Stack spacing={1.5}>
              {(questions[String(s.stage)] ?? []).map((q, i) => {
                const answers = s.answers.filter((a) => a.question_id === q.id);
                if (!answers.length) return null;
                return (
                  <Box key={q.id}>
                    <Typography variant="body2" color="text.secondary">
                      {i + 1}. {localText(q.text, locale)}
                    </Typography>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                      {answers.map((a) => (
                        <Chip
                          key={a.id}
                          label={a.score === 0 ? `${a.answer} (0)` : a.answer}
                          variant={a.source === 'option' ? 'filled' : 'outlined'}
                          onClick={canManage ? () => setEditing(a) : undefined}
                        />
                      ))}
                    </Box>
                  </Box>
                );
              })}
              {s.image && (
                <Box
                  component="a"
                  href={`/image/${s.image.id}`}
                  target="_blank"
                  rel="noopener"
                  sx={{ alignSelf: 'flex-start' }}
                >
                  <AuthImage
                    src={`${s.image.url}?variant=thumb`}
                    alt={translate('app.exams.ui.stageImage')}
                    style={{ maxHeight: 180, borderRadius: 8, border: '1px solid #ddd' }}
                  />
                </Box>
              )}
              {s.model && (
                <Button size="small" href={`/img/3d/${s.model.id}`} target="_blank">
                  {translate('app.exams.ui.view3d')}
                </Button>
              )}
            </Stack>
          </CardContent>
        </Card>
      ))}
      <Confirm
        isOpen={confirm}
        title="app.exams.ui.redoTest"
        content="app.exams.ui.redoConfirm"
        translateOptions={{ name: student.name }}
        onConfirm={redo}
        onClose={() => setConfirm(false)}
      />
      {editing && (
        <EditAnswerDialog
          answer={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      )}
    </Stack>
  );
};

/**
 * /exams/:exam_type/:id and /neomi-exams/:student_id/:challenge_no/:exam_type —
 * a learner's answers, challenge by challenge, with reset timer, redo and
 * corrections for access_neomi holders.
 */
const LearnerAnswersPage = () => {
  const translate = useTranslate();
  const params = useParams();
  const studentId = Number(params.id ?? params.student_id);
  const examType = Number(params.exam_type);
  const [challenge, setChallenge] = useState(Number(params.challenge_no ?? 1) || 1);
  const conducts = useCan('tests.conduct');
  const [data, setData] = useState<{
    student: Learner;
    exams: { exam: Exam; stages: Stage[] }[];
    questions: QuestionsByStage;
  } | null>(null);
  const [failed, setFailed] = useState<number | null>(null);
  const load = useCallback(async () => {
    try {
      const [answers, bank] = await Promise.all([
        examMethods.getAnswers(studentId, examType, challenge),
        examMethods.getQuestions(examType, challenge),
      ]);
      setData({ ...answers, questions: bank.questions });
    } catch (e) {
      setFailed((e as { status?: number }).status ?? 500);
    }
  }, [studentId, examType, challenge]);
  useEffect(() => {
    void load();
  }, [load]);
  if (![1, 2].includes(examType) || !Number.isInteger(studentId) || failed === 404)
    return <Navigate to="/404" replace />;
  if (failed) return <Alert severity="error">{translate('ra.notification.http_error')}</Alert>;
  if (!data) return <Loading />;
  const entry = data.exams.find((e) => e.exam.challenge === challenge);
  const empty: Exam = {
    id: null,
    student_id: studentId,
    exam_type: examType,
    challenge,
    status: 'not_started',
    submitted_stages: [],
    current_stage: 1,
    started_at: null,
    finished_at: null,
    duration: 0,
    remaining_seconds: 0,
    server_time: '',
  };
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.exams.ui.answersOf', { name: data.student.name })} />
      <CardHeader
        title={translate('app.exams.ui.answersOf', { name: data.student.name })}
        subheader={translate(examType === 1 ? 'app.codes.examType.pre' : 'app.codes.examType.post')}
      />
      <CardContent>
        <Tabs
          value={challenge}
          onChange={(_e, c) => {
            setData(null);
            setChallenge(c);
          }}
          sx={{ mb: 2 }}
        >
          {[1, 2, 3].map((c) => (
            <Tab key={c} value={c} label={translate(`app.codes.challenge.c${c}`)} />
          ))}
        </Tabs>
        <ChallengeAnswers
          student={data.student}
          exam={entry?.exam ?? empty}
          stages={entry?.stages ?? []}
          questions={data.questions}
          canManage={conducts}
          onChanged={load}
        />
      </CardContent>
    </Card>
  );
};

export default LearnerAnswersPage;
