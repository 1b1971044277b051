import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { screen } from '@testing-library/react';
import { PageDataProvider } from '../../src/pageData';
import { renderLightPage } from '../../src/prerender/renderPage';
import { LightApp } from '../../src/signin/LightApp';
import { i18nFor } from './helpers';

/** How many times the report's view rendered, counted by a wrapper around it. */
const reportRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/custom-pages/reports/ReportView', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/custom-pages/reports/ReportView')>();
  return {
    ...original,
    ReportView: (props: Parameters<typeof original.ReportView>[0]) => {
      reportRenders.count += 1;
      return original.ReportView(props);
    },
  };
});

const TOKEN = 'abcdefghijklmnopqrstu';
const PATH = `/guest-report/${TOKEN}/1`;
const REPORT = {
  student: { id: 7, name: 'Maryam', gender: 2, birthdate: '2018-01-15', age: 8 },
  exam_type: 1,
  challenge: null,
  status: 'not_taken',
  test_date: null,
  takers: 0,
  measures: [],
  challenges: [],
  confirmation: null,
};

describe("a guest's report hydrated (src/custom-pages/reports/GuestReport.tsx)", () => {
  it('renders the report once: the end of hydration shows Finish without rendering the report again', async () => {
    // opened at the end of the test on the shared device: Finish shows once hydrated (no history state on the server)
    window.history.replaceState({ usr: { finished: true }, idx: 0 }, '', PATH);
    const data = { page: '/guest-report/:token/:exam_type?', key: `${TOKEN}/1`, answer: { report: REPORT } };
    const { html } = await renderLightPage(PATH, 'en', data);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    expect(container.querySelector('h2')?.textContent).toBe('Maryam');
    expect(container.querySelector('button.MuiButton-contained')).toBeNull();

    reportRenders.count = 0;
    // the server's renderer and the browser's share the contexts in this one process, which React warns of
    const warned = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = vi.fn();
    const app = (
      <PageDataProvider data={data}>
        <LightApp i18nProvider={await i18nFor('en')} leave={() => Promise.resolve()} />
      </PageDataProvider>
    );
    await act(async () => void hydrateRoot(container, app, { onRecoverableError: recoverable }));
    await screen.findByRole('button', { name: 'Finish and hand the device on' });
    expect(recoverable).not.toHaveBeenCalled();
    expect(reportRenders.count).toBe(1);
    const otherWarnings = warned.mock.calls.filter(([message]) => !String(message).includes('multiple renderers'));
    expect(otherWarnings).toEqual([]);
    warned.mockRestore();
    container.remove();
  });
});
