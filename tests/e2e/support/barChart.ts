import type { Locator } from 'playwright-core';

/** Where a category's name stands under a report's bar chart (src/custom-pages/reports/GroupedBarChart.tsx). */
export const xOf = async (chart: Locator, name: string): Promise<number> =>
  (await chart.locator(`[data-name="${name}"]`).boundingBox())!.x;

/** The series of a report's bar chart, as its first category draws them. */
export const seriesOf = (chart: Locator): Promise<string[]> =>
  chart
    .locator('[data-category]')
    .first()
    .locator('[data-series]')
    .evaluateAll((bars) => bars.map((bar) => (bar as HTMLElement).dataset.series!));

/** The numbers a report's bar chart draws: a category's name, then a series' key, then its value (null: no bar). */
export const barValues = (chart: Locator): Promise<Record<string, Record<string, number | null>>> =>
  chart
    .locator('[data-category]')
    .evaluateAll((categories) =>
      Object.fromEntries(
        categories.map((category) => [
          (category as HTMLElement).dataset.category!,
          Object.fromEntries(
            [...category.querySelectorAll<HTMLElement>('[data-series]')].map((bar) => [
              bar.dataset.series!,
              bar.dataset.value === undefined ? null : Number(bar.dataset.value),
            ]),
          ),
        ]),
      ),
    );
