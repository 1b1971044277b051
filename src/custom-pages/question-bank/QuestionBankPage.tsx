import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import ViewInArOutlined from '@mui/icons-material/ViewInArOutlined';
import { Confirm, Loading, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { localText } from '../../../domain/exams';
import { formatNumber } from '../../../domain/format';
import { SettingLink } from '../settings/SettingLink';
import { AuthImage } from '../../components/AuthImage';
import { examMethods, type Question, type QuestionsByStage } from '../../dataProvider/exams';
import { notifyError } from '../../notifyError';
import { QuestionDialog } from './QuestionDialog';
import { useFilePicker } from '../../components/useFilePicker';

/**
 * The test duration (setting test_duration_seconds, read with GET /test/time), in minutes; it changes on the
 * settings screen, the one place where settings change.
 */
const TestDurationCard = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    examMethods
      .getTestTime()
      .then((r) => setSeconds(r.time))
      .catch(() => undefined);
  }, []);
  if (seconds === null) return null;
  return (
    <Card>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography data-testid="test-duration">
          {translate('app.exams.bank.durationNow', { minutes: formatNumber(Math.round(seconds / 60), locale) })}
        </Typography>
        <SettingLink setting="test_duration_seconds" />
      </CardContent>
    </Card>
  );
};

/** A file button: the figure (image) or 3D model of a question. */
const UploadButton = ({
  question,
  field,
  onDone,
}: {
  question: Question;
  field: 'img' | 'model';
  onDone: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const label = translate(field === 'img' ? 'app.exams.bank.uploadFigure' : 'app.exams.bank.uploadModel');
  const picker = useFilePicker({
    accept: field === 'img' ? 'image/*' : '.glb,.gltf,model/gltf-binary,model/gltf+json',
    onFile: async (file) => {
      if (!file) return;
      try {
        await examMethods.uploadQuestionFile(question.id, field, file, file.name);
        onDone();
      } catch (error) {
        notifyError(notify, error);
      }
    },
  });
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} onClick={picker.open}>
          {field === 'img' ? <ImageOutlined /> : <ViewInArOutlined />}
        </IconButton>
      </Tooltip>
      {picker.input}
    </>
  );
};

/**
 * The question bank (admin_neomi): an exam type's challenge, stage by
 * stage; add, edit, delete questions, their figures and 3D models; and
 * the test duration.
 */
const QuestionBankPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [filter, setFilter] = useState({ exam_type: 1, challenge: 1 });
  const [bank, setBank] = useState<QuestionsByStage | null>(null);
  const [editing, setEditing] = useState<{ question: Question | null; stage: number } | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const load = useCallback(() => {
    examMethods
      .getAllQuestions(filter)
      .then((r) => setBank(r.questions))
      .catch((e) => notifyError(notify, e));
  }, [filter, notify]);
  useEffect(load, [load]);
  const remove = async () => {
    const q = deleting!;
    setDeleting(null);
    try {
      await examMethods.deleteQuestion(q.id);
      notify('app.exams.questionDeleted', { type: 'success' });
      load();
    } catch (e) {
      notifyError(notify, e);
    }
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.exams.bank.title')} />
      <TestDurationCard />
      <Stack direction="row" spacing={1}>
        <TextField
          select
          size="small"
          label={translate('app.exams.bank.examType')}
          value={filter.exam_type}
          onChange={(e) => setFilter({ ...filter, exam_type: Number(e.target.value) })}
        >
          {[1, 2].map((t) => (
            <MenuItem key={t} value={t}>
              {translate(t === 1 ? 'app.codes.examType.pre' : 'app.codes.examType.post')}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('app.exams.bank.challenge')}
          value={filter.challenge}
          onChange={(e) => setFilter({ ...filter, challenge: Number(e.target.value) })}
        >
          {[1, 2, 3].map((c) => (
            <MenuItem key={c} value={c}>
              {translate(`app.codes.challenge.c${c}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {!bank ? (
        <Loading />
      ) : (
        [1, 2, 3].map((stage) => (
          <Card key={stage}>
            <CardHeader
              title={translate(`app.codes.stage.s${stage}`)}
              action={
                <Button startIcon={<AddOutlined />} onClick={() => setEditing({ question: null, stage })}>
                  {translate('app.exams.bank.add')}
                </Button>
              }
            />
            <CardContent>
              <Stack spacing={1}>
                {(bank[String(stage)] ?? []).map((q) => (
                  <Box
                    key={q.id}
                    sx={{
                      display: 'flex',
                      gap: 1.5,
                      alignItems: 'center',
                      borderBottom: 1,
                      borderColor: 'divider',
                      pb: 1,
                    }}
                  >
                    {q.image ? (
                      <AuthImage
                        src={`${q.image.url}?variant=thumb`}
                        alt=""
                        style={{
                          width: 72,
                          height: 54,
                          objectFit: 'contain',
                          background: '#fff',
                          border: '1px solid #eee',
                        }}
                      />
                    ) : (
                      <Box sx={{ width: 72 }} />
                    )}
                    <Box sx={{ flex: 1 }}>
                      <Typography>
                        {q.position}. {localText(q.text, locale)}
                      </Typography>
                      <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
                        <Chip size="small" label={translate(`app.codes.questionKind.${q.kind}`)} />
                        {q.options.length > 0 && (
                          <Chip
                            size="small"
                            variant="outlined"
                            label={translate('app.exams.bank.optionCount', { smart_count: q.options.length })}
                          />
                        )}
                        {q.model && (
                          <Chip
                            size="small"
                            variant="outlined"
                            icon={<ViewInArOutlined />}
                            label="3D"
                            component="a"
                            href={`/img/3d/${q.model.id}`}
                            target="_blank"
                            clickable
                          />
                        )}
                      </Stack>
                    </Box>
                    <UploadButton question={q} field="img" onDone={load} />
                    <UploadButton question={q} field="model" onDone={load} />
                    <IconButton
                      aria-label={translate('ra.action.edit')}
                      onClick={() => setEditing({ question: q, stage })}
                    >
                      <EditOutlined />
                    </IconButton>
                    <IconButton aria-label={translate('ra.action.delete')} onClick={() => setDeleting(q)}>
                      <DeleteOutlined />
                    </IconButton>
                  </Box>
                ))}
              </Stack>
            </CardContent>
          </Card>
        ))
      )}
      {editing && (
        <QuestionDialog
          question={editing.question}
          defaults={{ ...filter, stage: editing.stage }}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            load();
          }}
        />
      )}
      <Confirm
        isOpen={!!deleting}
        title="app.exams.bank.delete"
        content="app.exams.bank.deleteConfirm"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
};

export default QuestionBankPage;
