import { Box } from '@mui/material';
import { nice, ticks } from 'd3-array';
import { formatNumber } from '../../../domain/format';

/** One series of bars: the row's field it draws, its name in the legend and its colour. */
export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

/** One category: its name under the bars and a number (or null: no bar) per series. */
export type ChartRow = { name: string } & Record<string, string | number | null>;

/** About this many ticks on the values' axis (d3-array's count). */
const TICK_COUNT = 5;
/** At most this many category names under the bars; with more (a histogram of totals), every k-th. */
const MAX_NAMES = 12;

/**
 * The values' axis from 0 to a round top at or above the largest value (d3-array's `nice`), with whole-number ticks:
 * the reports draw scores, means and counts, never below 0. With nothing above 0, the top is 1.
 */
export const valueAxis = (values: number[]): { top: number; ticks: number[] } => {
  const largest = Math.max(0, ...values);
  const top = Math.max(1, Math.ceil(nice(0, largest, TICK_COUNT)[1]));
  return { top, ticks: ticks(0, top, TICK_COUNT).filter(Number.isInteger) };
};

/**
 * A grouped bar chart of the reports (a child's scores against the average, pre and post, a cohort's levels), drawn
 * as HTML in CSS grid and flex boxes: the server renders it whole with a guest's report, hydrating it costs a few
 * dozen elements, and it follows the page's direction: in Arabic the values' axis is on the right and the first
 * category rightmost, with no mirroring (docs/DECISIONS.md "The reports' bar chart, drawn as HTML"). Its numbers are
 * also in the table or cards beside it; the box is one image named by `label`, each bar titled with its series and
 * value for a pointer.
 */
export const GroupedBarChart = ({
  data,
  bars,
  label,
  locale,
  height = 300,
}: {
  data: ChartRow[];
  bars: ChartSeries[];
  label: string;
  locale: string;
  /** of the whole chart, its names and legend included */
  height?: number;
}) => {
  const values = data.flatMap((row) => bars.map((bar) => row[bar.key])).filter((v) => typeof v === 'number');
  const axis = valueAxis(values);
  // per bar and tick, inline: a class each would fill the page's styles
  const at = (value: number) => `${(Math.max(0, value) / axis.top) * 100}%`;
  const tickTexts = axis.ticks.map((tick) => formatNumber(tick, locale));
  const widestTick = tickTexts.reduce((a, b) => (b.length > a.length ? b : a), '');
  const nameEvery = Math.ceil(data.length / MAX_NAMES);
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid="report-chart"
      sx={{
        height,
        pt: 1,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        gridTemplateRows: 'minmax(0, 1fr) auto auto',
        columnGap: 1,
        typography: 'caption',
        color: 'text.secondary',
      }}
    >
      <Box data-axis="values" sx={{ position: 'relative', lineHeight: 1 }}>
        {/* sizes the column to the widest tick; the ticks themselves are placed at their heights */}
        <Box sx={{ visibility: 'hidden', height: 0 }}>{widestTick}</Box>
        {axis.ticks.map((tick, i) => (
          <Box
            key={tick}
            data-tick={tick}
            sx={{ position: 'absolute', insetInlineEnd: 0, transform: 'translateY(50%)' }}
            style={{ bottom: at(tick) }}
          >
            {tickTexts[i]}
          </Box>
        ))}
      </Box>
      <Box sx={{ position: 'relative', display: 'flex', borderBottom: 1, borderColor: 'text.secondary' }}>
        {axis.ticks
          .filter((tick) => tick > 0)
          .map((tick) => (
            <Box
              key={tick}
              sx={{ position: 'absolute', insetInline: 0, borderTop: '1px dashed', borderColor: 'divider' }}
              style={{ bottom: at(tick) }}
            />
          ))}
        {data.map((row, i) => (
          <Box
            key={i}
            data-category={row.name}
            sx={{
              position: 'relative',
              flex: 1,
              minWidth: 0,
              px: '8%',
              display: 'flex',
              alignItems: 'flex-end',
              justifyContent: 'center',
              gap: '2px',
            }}
          >
            {bars.map((bar) => {
              const value = row[bar.key];
              return (
                <Box
                  key={bar.key}
                  data-series={bar.key}
                  data-value={typeof value === 'number' ? value : undefined}
                  title={typeof value === 'number' ? `${bar.name}: ${formatNumber(value, locale)}` : undefined}
                  sx={{ flex: '0 1 28px', minWidth: 2 }}
                  style={{ height: typeof value === 'number' ? at(value) : 0, backgroundColor: bar.color }}
                />
              );
            })}
          </Box>
        ))}
      </Box>
      <span />
      <Box sx={{ display: 'flex', pt: 0.5 }}>
        {data.map((row, i) => (
          <Box
            key={i}
            data-name={row.name}
            title={row.name}
            sx={{
              flex: 1,
              minWidth: 0,
              textAlign: 'center',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {i % nameEvery === 0 ? row.name : ''}
          </Box>
        ))}
      </Box>
      <Box
        data-legend
        sx={{ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 2, pt: 1 }}
      >
        {bars.map((bar) => (
          <Box key={bar.key} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.primary' }}>
            <Box component="span" sx={{ width: 12, height: 12, flex: 'none' }} style={{ backgroundColor: bar.color }} />
            {bar.name}
          </Box>
        ))}
      </Box>
    </Box>
  );
};
