import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LightApp } from '../../src/signin/LightApp';
import { i18nFor, json, mockFetch } from './helpers';

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
});
