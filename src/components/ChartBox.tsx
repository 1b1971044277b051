import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { directionOf } from '../i18n/locales';
import { formatNumber } from '../../domain/format';

/**
 * A name beside a bar, written in the language's direction: inside the chart's
 * dir="ltr" box an Arabic name starting with a digit ("1 أ · ...") would be
 * reordered. "end" is the name's far side from the bar in both directions.
 */
const NameTick = ({ x, y, payload, rtl }: { x?: number; y?: number; payload?: { value: string }; rtl: boolean }) => (
  <text x={x} y={y} dy={4} fontSize={12} fill="currentColor" textAnchor="end" direction={rtl ? 'rtl' : 'ltr'}>
    {payload?.value}
  </text>
);

/** A chart's numbers (tooltips, axis ticks, labels) written by the one formatter, in the user's language. */
export const useChartNumber = () => {
  const [locale] = useLocaleState();
  return (value: unknown) => formatNumber(value, locale);
};

/** The height horizontal bars need for `count` rows, so long names never overlap. */
export const barsHeight = (count: number) => Math.max(160, count * 36 + 50);

/** Whether charts are mirrored: in Arabic the axes are flipped (docs/STACK.md "Charts in right-to-left"). */
export const useChartMirror = () => {
  const [locale] = useLocaleState();
  const rtl = directionOf(locale) === 'rtl';
  return {
    rtl,
    /** props of a category X axis and a value Y axis, mirrored for right-to-left */
    xAxis: { reversed: rtl },
    yAxis: { orientation: (rtl ? 'right' : 'left') as 'right' | 'left' },
    /** props of the axes of horizontal bars (long names): the names at the start side, bars growing towards the end */
    horizontal: {
      valueAxis: { type: 'number' as const, reversed: rtl, allowDecimals: false },
      nameAxis: {
        type: 'category' as const,
        dataKey: 'name',
        orientation: (rtl ? 'right' : 'left') as 'right' | 'left',
        width: 170,
        interval: 0,
        tick: <NameTick rtl={rtl} />,
      },
    },
  };
};

/**
 * A titled card holding a chart. The chart itself sits in a dir="ltr" box
 * (recharts' labels overlap under dir=rtl); the page around it stays right-to-left.
 */
export const ChartBox = ({
  title,
  height = 280,
  children,
  empty,
}: {
  title: string;
  height?: number;
  children: ReactNode;
  empty?: string;
}) => (
  <Card component="section" aria-label={title} sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {title}
      </Typography>
      {empty ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Box dir="ltr" sx={{ width: '100%', height }}>
          {children}
        </Box>
      )}
    </CardContent>
  </Card>
);
