import { groupLabel } from '../../../domain/schools';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, CardContent, CardHeader, MenuItem, Stack, TextField } from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { Loading, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { reportMethods, type ExportGroup } from '../../dataProvider/reports';
import { saveBlob } from '../../http';
import { useExportJob } from '../../components/ExportProgress';
import { errorText } from './errors';
import { PrePostSection } from './PrePostSection';

/** Buttons keep their label on one line, as written (a file name stays lower-case). */
const NO_WRAP = { whiteSpace: 'nowrap', textTransform: 'none', flexShrink: 0 } as const;

/**
 * /neomi-exams-report — a group's results as exam_results.xlsx, its tests
 * printed (page or PDF), and the pre → post changes.
 */
const ExamReportsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [groups, setGroups] = useState<ExportGroup[] | null>(null);
  const [groupId, setGroupId] = useState<number | ''>('');
  const [examType, setExamType] = useState(1);
  /** 0: every challenge */
  const [challenge, setChallenge] = useState(0);
  const [busy, setBusy] = useState(false);
  const exporting = useExportJob();
  useEffect(() => {
    reportMethods
      .exportGroups()
      .then((r) => {
        setGroups(r.groups);
        const first = r.groups.find((g) => g.pre_takers > 0) ?? r.groups[0];
        if (first) setGroupId(first.id);
      })
      .catch((e: unknown) => {
        setGroups([]);
        notify(errorText(e), { type: 'error' });
      });
  }, [notify]);
  if (!groups) return <Loading />;
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const challengeNo = challenge || undefined;
  // an export of a large group is written by a job: its progress shows until the file is saved
  const exportXlsx = () =>
    run(() =>
      exporting.start({
        kind: 'exam-results',
        group_id: Number(groupId),
        exam_type: examType,
        challenge_no: challengeNo,
        locale: locale as 'ar' | 'en' | 'de' | 'fr',
      }),
    );
  const pdf = () =>
    run(async () =>
      saveBlob(
        await reportMethods.printPdf({
          group_id: Number(groupId),
          exam_type: examType,
          challenge_no: challengeNo,
          kind: 'corrected',
          locale,
        }),
        'neomi-test-corrected.pdf',
      ),
    );
  const printPath = challengeNo
    ? `/print-neomi-exam-group/${examType}/${challengeNo}/${groupId}`
    : `/print-neomi-exam-group-all/${examType}/${groupId}`;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.reports.ui.examReports')} />
      {exporting.dialog}
      <Card>
        <CardHeader title={translate('app.reports.ui.exportTitle')} />
        <CardContent>
          {groups.length === 0 ? (
            <Alert severity="info">{translate('app.reports.ui.noGroups')}</Alert>
          ) : (
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              <TextField
                select
                label={translate('app.reports.ui.group')}
                value={groupId}
                onChange={(e) => setGroupId(Number(e.target.value))}
                sx={{ minWidth: 220 }}
              >
                {groups.map((g) => (
                  <MenuItem key={g.id} value={g.id}>
                    {groupLabel(g)} (
                    {translate('app.reports.ui.takersShort', { pre: g.pre_takers, post: g.post_takers })})
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={translate('app.reports.ui.test')}
                value={examType}
                onChange={(e) => setExamType(Number(e.target.value))}
                sx={{ minWidth: 140 }}
              >
                <MenuItem value={1}>{translate('app.codes.examType.pre')}</MenuItem>
                <MenuItem value={2}>{translate('app.codes.examType.post')}</MenuItem>
              </TextField>
              <TextField
                select
                label={translate('app.reports.ui.challenge')}
                value={challenge}
                onChange={(e) => setChallenge(Number(e.target.value))}
                sx={{ minWidth: 160 }}
              >
                <MenuItem value={0}>{translate('app.reports.ui.allChallenges')}</MenuItem>
                {[1, 2, 3].map((c) => (
                  <MenuItem key={c} value={c}>
                    {translate(`app.codes.challenge.c${c}`)}
                  </MenuItem>
                ))}
              </TextField>
              <Button
                variant="contained"
                sx={NO_WRAP}
                startIcon={<DownloadOutlined />}
                disabled={busy || groupId === ''}
                onClick={exportXlsx}
              >
                {translate('app.reports.ui.exportXlsx')}
              </Button>
              <Button sx={NO_WRAP} startIcon={<PictureAsPdfOutlined />} disabled={busy || groupId === ''} onClick={pdf}>
                {translate('app.reports.ui.pdf')}
              </Button>
              <Button
                sx={NO_WRAP}
                startIcon={<PrintOutlined />}
                disabled={groupId === ''}
                component={RouterLink}
                to={printPath}
              >
                {translate('app.reports.ui.printPage')}
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
      <PrePostSection />
    </Stack>
  );
};

export default ExamReportsPage;
