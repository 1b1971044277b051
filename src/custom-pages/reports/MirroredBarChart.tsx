import { Suspense, startTransition, useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { directionOf } from '../../i18n/locales';
import { lazyPart } from '../../lazyPart';
import type { BarChartDrawingProps } from './BarChartDrawing';

/** recharts (about 90 KB sent) and the drawing, downloaded once the page is idle (useIdleAfterRender). */
const BarChartDrawing = lazyPart(() => import('./BarChartDrawing'));

/**
 * False on the server, while hydrating and on the first render; true once the browser has had an idle moment after
 * it (requestIdleCallback, at most 2 s away). What waits for it stays off the first load's main thread.
 */
const useIdleAfterRender = (): boolean => {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    // in a transition: React renders what waited in slices of a few milliseconds, yielding to the browser between them
    const ready = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(ready, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(ready, 0);
    return () => clearTimeout(timer);
  }, []);
  return idle;
};

/**
 * A bar chart in a left-to-right box (recharts' axes overlap under rtl), mirrored for Arabic: the first category on
 * the right, the values' axis on the right (docs/STACK.md "Charts in right-to-left"). The box, its size and its
 * accessible name are in the first render (the server's HTML of a guest's report: nothing shifts when the bars
 * come); the bars are drawn once the page is idle, so that recharts is neither downloaded nor run while the page
 * loads or hydrates (docs/PERFORMANCE.md "Phone"). The numbers drawn are also in the table or cards beside it.
 */
export const MirroredBarChart = ({
  data,
  bars,
  height = 300,
  label,
  locale,
}: Omit<BarChartDrawingProps, 'rtl'> & { height?: number; label: string }) => {
  const idle = useIdleAfterRender();
  return (
    <Box dir="ltr" role="img" aria-label={label} sx={{ width: '100%', height }} data-testid="report-chart">
      {idle && (
        <Suspense fallback={null}>
          <BarChartDrawing data={data} bars={bars} locale={locale} rtl={directionOf(locale) === 'rtl'} />
        </Suspense>
      )}
    </Box>
  );
};
