import { Alert, Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import PdfIcon from '@mui/icons-material/PictureAsPdf';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { StudentDetails } from '../../dataProvider/activities';
import { useBusyAction } from '../../hooks/useBusyAction';
import { calendarDay } from '../../components/calendarDay';
import { DotList } from '../../components/DotList';

type Certificate = StudentDetails['certificates'][number];

/** Downloads a child's certificate in the console's language (GET /users/export/certificate/{child}/{group}?lang=). */
const DownloadCertificate = ({
  child,
  certificate,
}: {
  child: { id: number; name: string };
  certificate: Certificate;
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  return (
    <Button
      variant="contained"
      startIcon={<PdfIcon />}
      disabled={busy}
      sx={{ flexShrink: 0 }}
      aria-label={translate('app.certificate.download', {
        course: certificate.course_name ?? certificate.group_name,
        group: certificate.group_name,
      })}
      onClick={() =>
        void run(() => dataProvider.downloadCertificate(child.id, certificate.group_id, child.name, locale))
      }
    >
      {translate('app.certificate.downloadShort')}
    </Button>
  );
};

/** The certificates issued to a child, each with its download (the child's page, docs/api/teaching.md). */
export const ChildCertificates = ({
  child,
  certificates,
}: {
  child: { id: number; name: string };
  certificates: Certificate[];
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!certificates.length) return <Typography color="text.secondary">{translate('app.certificate.none')}</Typography>;
  return (
    <List disablePadding aria-label={translate('app.certificate.heading')}>
      {certificates.map((c) => (
        <ListItem key={c.group_id} disableGutters divider>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ width: '100%', alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <WorkspacePremiumIcon color="secondary" aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
            <ListItemText
              sx={{ flex: 1, minWidth: 0 }}
              primary={<DotList parts={[c.course_name ?? c.group_name, c.group_name]} />}
              secondary={
                <>
                  {translate('app.certificate.issuedOn', { date: calendarDay(c.issued_at, locale) })}
                  {' · '}
                  {translate('app.certificate.code')}: <bdi dir="ltr">{c.code}</bdi>
                </>
              }
            />
            <DownloadCertificate child={child} certificate={c} />
          </Stack>
        </ListItem>
      ))}
    </List>
  );
};

/** On an activity: the certificate of the activity's group, once issued to the child, with its download. */
export const ActivityCertificate = ({ details, groupId }: { details: StudentDetails; groupId: number | null }) => {
  const translate = useTranslate();
  const certificate = details.certificates.find((c) => c.group_id === groupId);
  if (!certificate) return null;
  return (
    <Alert severity="success" icon={<WorkspacePremiumIcon />}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography sx={{ flex: 1, minWidth: 200 }}>{translate('app.certificate.ready')}</Typography>
        <DownloadCertificate child={details.child} certificate={certificate} />
      </Box>
    </Alert>
  );
};
