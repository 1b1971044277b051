import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNumber } from '../../../domain/format';
import type { ReliabilityReport } from '../../dataProvider/reliability';
import { useStat } from './format';

type Interval = { value: number; lower: number; upper: number } | null;

/** A statistic and its 95 % interval, or "not defined" with why. */
const IntervalCell = ({ interval }: { interval: Interval }) => {
  const translate = useTranslate();
  const stat = useStat();
  if (!interval)
    return (
      <Tooltip title={translate('app.reliability.notDefinedHelp')}>
        <Typography variant="body2" component="span" color="text.secondary">
          {translate('app.reliability.notDefined')}
        </Typography>
      </Tooltip>
    );
  // each number isolated, so a minus sign stays with its digits in a right-to-left sentence
  return (
    <span>
      {translate('app.reliability.interval', {
        value: `\u2066${stat(interval.value)}\u2069`,
        lower: `\u2066${stat(interval.lower)}\u2069`,
        upper: `\u2066${stat(interval.upper)}\u2069`,
      })}
    </span>
  );
};

/** Per criterion: tests and drawings compared, share scored alike, ICC(2,1) and weighted kappas with their intervals. */
export const AgreementTable = ({ report }: { report: ReliabilityReport }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const percent = (x: number | null) => (x === null ? '' : formatNumber(x, locale, { style: 'percent' }));
  const caption = translate('app.reliability.agreementTable');
  return (
    // a table wider than a phone scrolls sideways: its box takes the keyboard focus (WCAG 2.1.1)
    <Paper variant="outlined" tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: 'auto', mb: 2 }}>
      <Table size="small" aria-label={caption} data-testid="agreement-table">
        <TableHead>
          <TableRow>
            <TableCell component="th">{translate('app.reliability.criterion')}</TableCell>
            <TableCell>{translate('app.reliability.drawings')}</TableCell>
            <TableCell>{translate('app.reliability.exact')}</TableCell>
            <TableCell>{translate('app.reliability.icc')}</TableCell>
            <TableCell>{translate('app.reliability.kappaQuadratic')}</TableCell>
            <TableCell>{translate('app.reliability.kappaLinear')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.criteria.map((c) => (
            <TableRow key={c.key} data-criterion={c.key}>
              <TableCell component="th" scope="row">
                {translate(`app.reliability.criteria.${c.key}`)}
              </TableCell>
              <TableCell>{formatNumber(c.drawings, locale)}</TableCell>
              <TableCell>{percent(c.exact)}</TableCell>
              <TableCell>
                <IntervalCell interval={c.icc} />
              </TableCell>
              <TableCell>
                <IntervalCell interval={c.kappa_quadratic} />
              </TableCell>
              <TableCell>
                <IntervalCell interval={c.kappa_linear} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
};
