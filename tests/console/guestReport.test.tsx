import { act } from 'react';
import { type Root, hydrateRoot } from 'react-dom/client';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageDataProvider } from '../../src/pageData';
import { renderLightPage } from '../../src/prerender/renderPage';
import { LightApp } from '../../src/signin/LightApp';
import { i18nFor, json, mockFetch } from './helpers';

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

/** A report of a test not taken yet (its chart and tables aside): the guest's name and the test. */
const notTaken = (examType: number) => ({
  student: { id: 7, name: 'Maryam', gender: 2, birthdate: '2018-01-15', age: 8 },
  exam_type: examType,
  challenge: null,
  status: 'not_taken',
  test_date: null,
  takers: 0,
  measures: [],
  challenges: [],
  confirmation: null,
});

/** The light app at a guest's report, with this history state (react-router's `usr`), as a first load starts it. */
const renderReport = async (path: string, state: unknown = null) => {
  window.history.replaceState(state, '', path);
  const leave = vi.fn(() => Promise.resolve());
  render(<LightApp i18nProvider={await i18nFor('en')} leave={leave} />);
  return leave;
};

describe("a guest's report in the light app (src/custom-pages/reports/GuestReport.tsx)", () => {
  it('shows the report of the address, and the other test by the toggle, calling the API for each', async () => {
    const user = userEvent.setup();
    const calls = mockFetch((call) => json(notTaken(call.url.endsWith('exam_type=2') ? 2 : 1)));
    const leave = await renderReport(`/guest-report/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Maryam' });
    expect(screen.getByRole('heading', { level: 1, name: 'Learner report' })).toBeInTheDocument();
    // not opened at the end of the test: no Finish
    expect(screen.queryByRole('button', { name: 'Finish and hand the device on' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post-test' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/guest-report/${TOKEN}/2`));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((c) => c.url)).toEqual([
      `/api/guest-report/${TOKEN}?exam_type=1`,
      `/api/guest-report/${TOKEN}?exam_type=2`,
    ]);
    expect(screen.getByRole('button', { name: 'Post-test' })).toHaveAttribute('aria-pressed', 'true');
    expect(leave).not.toHaveBeenCalled();
  });

  it('opened at the end of the test, keeps Finish across the toggle, and Finish clears the device for the landing page', async () => {
    const user = userEvent.setup();
    mockFetch((call) => json(notTaken(call.url.endsWith('exam_type=2') ? 2 : 1)));
    window.localStorage.setItem('neomi-test-left-behind', 'x');
    const leave = await renderReport(`/guest-report/${TOKEN}/1`, { usr: { finished: true }, idx: 0 });
    await screen.findByRole('heading', { name: 'Maryam' });
    await user.click(await screen.findByRole('button', { name: 'Post-test' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/guest-report/${TOKEN}/2`));
    // the test's end, kept in the history entry as react-router keeps it
    expect(window.history.state).toEqual({ usr: { finished: true } });
    await user.click(await screen.findByRole('button', { name: 'Finish and hand the device on' }));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/exam-page');
    expect(window.localStorage.getItem('neomi-test-left-behind')).toBeNull();
  });

  it('renders the report once: the end of hydration shows Finish without rendering the report again', async () => {
    // opened at the end of the test on the shared device: Finish shows once hydrated (no history state on the server)
    const path = `/guest-report/${TOKEN}/1`;
    window.history.replaceState({ usr: { finished: true }, idx: 0 }, '', path);
    const data = { page: '/guest-report/:token/:exam_type?', key: `${TOKEN}/1`, answer: { report: notTaken(1) } };
    const { html } = await renderLightPage(path, 'en', data);
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
    let root: Root | undefined;
    await act(async () => void (root = hydrateRoot(container, app, { onRecoverableError: recoverable })));
    await screen.findByRole('button', { name: 'Finish and hand the device on' });
    expect(recoverable).not.toHaveBeenCalled();
    expect(reportRenders.count).toBe(1);
    const otherWarnings = warned.mock.calls.filter(([message]) => !String(message).includes('multiple renderers'));
    expect(otherWarnings).toEqual([]);
    warned.mockRestore();
    act(() => root!.unmount());
    container.remove();
  });
});
