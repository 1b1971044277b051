import { useEffect, useState } from 'react';
import { Alert, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { Loading, useDataProvider, useLocaleState, useParams, useTranslate } from 'react-admin';
import { PublicShell } from '../../components/PublicShell';
import type { AppDataProvider } from '../../dataProvider';
import { usePageData } from '../../pageData';
import { formatDay } from '../../../domain/format';

type Checked = { code: string; course: string | null; date: string; first_name: string };

/** The check's answer: the certificate, or none has this code. */
export type CertificateAnswer = { found?: Checked; missing?: boolean };

/** This page's path in src/publicPaths.ts, as the server names the data it rendered the page with. */
export const CERTIFICATE_PAGE = '/certificate/:code';

/**
 * /certificate/:code (public, no sign-in): checks a certificate's
 * verification code and shows only the code, the course, the date and the
 * learner's first name. Rendered by the API server with the check's answer
 * (server/renderedPages.ts), the page starts from that answer rather than
 * calling the API again (src/pageData.tsx).
 */
const CertificateCheckPage = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { code = '' } = useParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const rendered = usePageData<CertificateAnswer>(CERTIFICATE_PAGE, code);
  const [state, setState] = useState<CertificateAnswer>(() => rendered ?? {});
  useEffect(() => {
    if (rendered) return;
    dataProvider
      .checkCertificate(code)
      .then((answer) => setState({ found: answer.certificate }))
      .catch(() => setState({ missing: true }));
  }, [dataProvider, code, rendered]);
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
