import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { GroupedBarChart, valueAxis } from '../../src/custom-pages/reports/GroupedBarChart';

const BARS = [
  { key: 'score', name: 'Maryam', color: '#1976d2' },
  { key: 'mean', name: 'Average', color: '#757575' },
];
const DATA = [
  { name: 'Fluency', score: 12, mean: 9.5 },
  { name: 'Flexibility', score: 6, mean: null },
  { name: 'Originality', score: 0, mean: 3 },
];

/** Each bar the chart draws: its series, its value and its height (a share of the values' axis). */
const barsOf = (root: ParentNode) =>
  [...root.querySelectorAll<HTMLElement>('[data-series]')].map((bar) => ({
    category: bar.closest<HTMLElement>('[data-category]')!.dataset.category,
    series: bar.dataset.series,
    value: bar.dataset.value,
    height: bar.style.height,
  }));

describe("the reports' bar chart (src/custom-pages/reports/GroupedBarChart.tsx)", () => {
  it('rounds the values axis up to a whole top, with whole-number ticks from 0', () => {
    expect(valueAxis([12, 9.5, 6, 0, 3])).toEqual({ top: 12, ticks: [0, 2, 4, 6, 8, 10, 12] });
    expect(valueAxis([13])).toEqual({ top: 14, ticks: [0, 2, 4, 6, 8, 10, 12, 14] });
    expect(valueAxis([1.3])).toEqual({ top: 2, ticks: [0, 1, 2] });
    expect(valueAxis([0.4])).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueAxis([])).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueAxis([0, -2])).toEqual({ top: 1, ticks: [0, 1] });
  });

  it("draws each number as a bar of its share of the axis, a null as none, in the server's render", () => {
    const html = renderToString(<GroupedBarChart data={DATA} bars={BARS} label="Against the average" locale="en" />);
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('Against the average');
    expect(barsOf(box)).toEqual([
      { category: 'Fluency', series: 'score', value: '12', height: '100%' },
      { category: 'Fluency', series: 'mean', value: '9.5', height: expect.stringMatching(/^79\.16/) },
      { category: 'Flexibility', series: 'score', value: '6', height: '50%' },
      { category: 'Flexibility', series: 'mean', value: undefined, height: '0px' },
      { category: 'Originality', series: 'score', value: '0', height: '0%' },
      { category: 'Originality', series: 'mean', value: '3', height: '25%' },
    ]);
    // the names under the bars in the data's order (the page's direction places them), the legend, the ticks
    expect([...box.querySelectorAll('[data-name]')].map((name) => name.textContent)).toEqual([
      'Fluency',
      'Flexibility',
      'Originality',
    ]);
    expect(box.querySelector('[data-legend]')!.textContent).toBe('MaryamAverage');
    expect([...box.querySelectorAll('[data-tick]')].map((tick) => tick.textContent)).toEqual([
      '0',
      '2',
      '4',
      '6',
      '8',
      '10',
      '12',
    ]);
  });

  it("writes the ticks and the bars' titles in the page's language", () => {
    render(<GroupedBarChart data={DATA} bars={BARS} label="مقابل المتوسط" locale="ar" />);
    const chart = screen.getByRole('img', { name: 'مقابل المتوسط' });
    const ticks = [...chart.querySelectorAll('[data-tick]')].map((tick) => tick.textContent);
    expect(ticks.at(-1)).toBe((12).toLocaleString('ar'));
    const mean = chart.querySelector('[data-category="Fluency"] [data-series="mean"]')!;
    expect(mean.getAttribute('title')).toBe(`Average: ${(9.5).toLocaleString('ar')}`);
  });

  it('names every k-th category of a long histogram, at most 12 names', () => {
    const data = Array.from({ length: 30 }, (_, total) => ({ name: String(total), count: total % 7 }));
    render(
      <GroupedBarChart
        data={data}
        bars={[{ key: 'count', name: 'Learners', color: '#7b1fa2' }]}
        label="h"
        locale="en"
      />,
    );
    const shown = [...document.querySelectorAll('[data-name]')].map((name) => name.textContent).filter(Boolean);
    expect(shown).toEqual(['0', '3', '6', '9', '12', '15', '18', '21', '24', '27']);
    expect(document.querySelectorAll('[data-series="count"]')).toHaveLength(30);
  });
});
