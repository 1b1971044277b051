import { Chip, Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatList, formatNumber } from '../../../domain/format';
import type { ReliabilityReport } from '../../dataProvider/reliability';
import { useSignedStat } from './format';

/**
 * Each marker: tests marked in the cohort, the mean deviation from the consensus per criterion (a flagged one
 * marked), and whether the marker drifts, on which criteria.
 */
export const MarkersTable = ({ report }: { report: ReliabilityReport }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const signed = useSignedStat();
  const criterion = (key: string) => translate(`app.reliability.criteria.${key}`);
  const caption = translate('app.reliability.markersTable');
  return (
    // a table wider than a phone scrolls sideways: its box takes the keyboard focus (WCAG 2.1.1)
    <Paper variant="outlined" tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: 'auto', mb: 2 }}>
      <Table size="small" aria-label={caption} data-testid="markers-table">
        <TableHead>
          <TableRow>
            <TableCell component="th">{translate('app.reliability.marker')}</TableCell>
            <TableCell>{translate('app.reliability.tests')}</TableCell>
            {report.criteria.map((c) => (
              <TableCell key={c.key}>{criterion(c.key)}</TableCell>
            ))}
            <TableCell>{translate('app.reliability.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.markers.map((m) => (
            <TableRow key={m.marker_id} data-marker={m.name} data-flagged={m.flagged}>
              <TableCell component="th" scope="row">
                {m.name}
              </TableCell>
              <TableCell>{formatNumber(m.tests, locale)}</TableCell>
              {m.criteria.map((c) => (
                <TableCell
                  key={c.key}
                  sx={c.flagged ? { fontWeight: 'bold', color: 'error.main' } : undefined}
                  data-flagged={c.flagged}
                >
                  <span dir="ltr">{signed(c.mean_deviation)}</span>
                </TableCell>
              ))}
              <TableCell>
                {m.flagged ? (
                  <Chip
                    size="small"
                    color="error"
                    label={translate('app.reliability.driftsOn', {
                      criteria: formatList(
                        m.criteria.filter((c) => c.flagged).map((c) => criterion(c.key)),
                        locale,
                      ),
                    })}
                  />
                ) : (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={translate(
                      m.tests >= report.drift.min_tests ? 'app.reliability.steady' : 'app.reliability.tooFew',
                    )}
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
};
