import { useEffect, useState } from 'react';
import { Alert, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { Loading, useDataProvider, useLocaleState, useParams, useTranslate } from 'react-admin';
import { PublicShell } from '../../components/PublicShell';
import type { AppDataProvider } from '../../dataProvider';
import { formatDay } from '../../../domain/format';

type Checked = { code: string; course: string | null; date: string; first_name: string };

/**
 * /certificate/:code (public, no sign-in): checks a certificate's
 * verification code and shows only the code, the course, the date and the
 * learner's first name.
 */
const CertificateCheckPage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { code = '' } = useParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [state, setState] = useState<{ found?: Checked; missing?: boolean }>({});
  useEffect(() => {
    dataProvider
      .checkCertificate(code)
      .then((answer) => setState({ found: answer.certificate }))
      .catch(() => setState({ missing: true }));
  }, [dataProvider, code]);
  const rows = state.found
    ? [
        ['app.certificate.code', state.found.code],
        ['app.certificate.firstName', state.found.first_name],
        ['app.certificate.course', state.found.course ?? ''],
        ['app.certificate.date', formatDay(state.found.date, locale, { dateStyle: 'long' })],
      ]
    : [];
  return (
    <PublicShell title={translate('app.certificate.title')}>
      {!state.found && !state.missing ? <Loading /> : null}
      {state.missing ? <Alert severity="error">{translate('app.teaching.certificateNotFound')}</Alert> : null}
      {state.found ? (
        <>
          <Alert severity="success" sx={{ mb: 2 }}>
            {translate('app.certificate.valid')}
          </Alert>
          <Table size="small" aria-label={translate('app.certificate.title')}>
            <TableBody>
              {rows.map(([key, value]) => (
                <TableRow key={key}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {translate(key)}
                  </TableCell>
                  <TableCell dir="auto">{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </PublicShell>
  );
};

export default CertificateCheckPage;
