import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ErrorBar,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Box, ToggleButton, ToggleButtonGroup, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ChartBox, barsHeight, useChartMirror } from '../../components/ChartBox';
import type { ReliabilityReport } from '../../dataProvider/reliability';
import { useSignedStat, useStat } from './format';

/**
 * ICC(2,1) and quadratic kappa per criterion as bars, each with its 95 % interval as an error bar; mirrored in
 * Arabic inside ChartBox's left-to-right box (docs/STACK.md "Charts in right-to-left").
 */
export const AgreementChart = ({ report }: { report: ReliabilityReport }) => {
  const translate = useTranslate();
  const theme = useTheme();
  const mirror = useChartMirror();
  const stat = useStat();
  const icc = translate('app.reliability.iccSeries');
  const kappa = translate('app.reliability.kappaSeries');
  const rows = report.criteria.map((c) => ({
    name: translate(`app.reliability.criteria.${c.key}`),
    [icc]: c.icc?.value ?? null,
    iccError: c.icc ? [c.icc.value - c.icc.lower, c.icc.upper - c.icc.value] : null,
    [kappa]: c.kappa_quadratic?.value ?? null,
    kappaError: c.kappa_quadratic
      ? [c.kappa_quadratic.value - c.kappa_quadratic.lower, c.kappa_quadratic.upper - c.kappa_quadratic.value]
      : null,
  }));
  const lowest = Math.min(0, ...report.criteria.flatMap((c) => [c.icc?.lower ?? 0, c.kappa_quadratic?.lower ?? 0]));
  return (
    <ChartBox title={translate('app.reliability.agreementChart')} height={300}>
      <ResponsiveContainer>
        <BarChart data={rows} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" interval={0} tick={{ fontSize: 11 }} {...mirror.xAxis} />
          <YAxis
            domain={[Math.floor(lowest * 4) / 4, 1]}
            tickFormatter={(v: number) => stat(v, 2)}
            width={44}
            {...mirror.yAxis}
          />
          <Tooltip formatter={(v) => stat(Number(v))} />
          <Legend />
          <ReferenceLine y={0.75} stroke={theme.palette.success.main} strokeDasharray="4 4" />
          <Bar dataKey={icc} fill={theme.palette.primary.main} isAnimationActive={false}>
            <ErrorBar dataKey="iccError" width={8} strokeWidth={2} stroke={theme.palette.common.black} />
          </Bar>
          <Bar dataKey={kappa} fill={theme.palette.secondary.main} isAnimationActive={false}>
            <ErrorBar dataKey="kappaError" width={8} strokeWidth={2} stroke={theme.palette.common.black} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
};

/**
 * Each marker's mean deviation from the consensus on one criterion (the drawing total first), as horizontal bars
 * around 0, the drift threshold drawn on both sides and the markers who drift on it in the error colour.
 */
export const DeviationChart = ({ report }: { report: ReliabilityReport }) => {
  const translate = useTranslate();
  const theme = useTheme();
  const mirror = useChartMirror();
  const signed = useSignedStat();
  const stat = useStat();
  const [key, setKey] = useState('total');
  const series = translate('app.reliability.deviationSeries');
  const rows = report.markers.map((m) => {
    const c = m.criteria.find((x) => x.key === key)!;
    return { name: m.name, [series]: c.mean_deviation ?? 0, flagged: c.flagged, threshold: c.threshold };
  });
  const threshold = rows[0]?.threshold ?? 0;
  // a symmetric axis in steps of 0.5 point, wide enough for the threshold and every bar
  const extent = Math.ceil(Math.max(threshold * 1.2, ...rows.map((r) => Math.abs(Number(r[series])))) * 2) / 2;
  const criterion = translate(`app.reliability.criteria.${key}`);
  return (
    <>
      <Box sx={{ mb: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={key}
          aria-label={translate('app.reliability.chartCriterion')}
          onChange={(_, value) => value && setKey(value)}
          sx={{ flexWrap: 'wrap' }}
        >
          {report.criteria.map((c) => (
            <ToggleButton key={c.key} value={c.key}>
              {translate(`app.reliability.criteria.${c.key}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <ChartBox title={translate('app.reliability.deviationChart', { criterion })} height={barsHeight(rows.length)}>
        <ResponsiveContainer>
          <BarChart data={rows} layout="vertical" margin={{ top: 24, right: 16, left: 16, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              {...mirror.horizontal.valueAxis}
              allowDecimals
              domain={[-extent, extent]}
              ticks={[-extent, -extent / 2, 0, extent / 2, extent]}
              tickFormatter={(v: number) => signed(v)}
            />
            <YAxis {...mirror.horizontal.nameAxis} width={120} />
            <Tooltip formatter={(v) => signed(Number(v))} />
            <Legend />
            <ReferenceLine x={0} stroke={theme.palette.text.secondary} />
            <ReferenceLine x={-threshold} stroke={theme.palette.error.main} strokeDasharray="4 4" />
            <ReferenceLine
              x={threshold}
              stroke={theme.palette.error.main}
              strokeDasharray="4 4"
              label={{
                value: translate('app.reliability.threshold', { value: stat(threshold, 2) }),
                position: 'top',
                fontSize: 11,
                fill: theme.palette.error.main,
              }}
            />
            <Bar dataKey={series} fill={theme.palette.primary.main} isAnimationActive={false}>
              {rows.map((r) => (
                <Cell key={r.name} fill={r.flagged ? theme.palette.error.main : theme.palette.primary.main} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartBox>
    </>
  );
};
