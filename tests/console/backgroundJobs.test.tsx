import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import BackgroundJobsPage from '../../src/custom-pages/background-jobs/BackgroundJobsPage';
import { ExportUsersButton } from '../../src/resources/users/ExportUsersButton';
import { saveSession } from '../../src/session';
import { demoAdmin, inAdmin, json, mockFetch } from './helpers';

/**
 * /background-jobs (the platform admin's failed and long-running jobs, with a retry for a failed one) and an
 * export followed to its file (docs/api/jobs.md).
 */
const FAILED = {
  id: '7f1c2a9e-0000-4000-8000-000000000001',
  queue: 'mail',
  state: 'failed',
  tries: 9,
  max_tries: 9,
  created_at: '2026-11-26T08:00:00.000Z',
  started_at: '2026-11-26T09:00:00.000Z',
  finished_at: '2026-11-26T09:00:03.000Z',
  duration_seconds: 3,
  error: 'connect ECONNREFUSED 127.0.0.1:25',
};
const LONG = {
  ...FAILED,
  id: '7f1c2a9e-0000-4000-8000-000000000002',
  queue: 'score',
  state: 'active',
  tries: 1,
  max_tries: 11,
  finished_at: null,
  duration_seconds: 900,
  error: null,
};

describe('the background jobs page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists failed and long jobs; a failed one is retried, a running one has no action', async () => {
    saveSession('tok', demoAdmin);
    let retried = false;
    const calls = mockFetch((call) => {
      if (call.url === '/api/me') return json({ user: demoAdmin });
      if (call.url.startsWith('/api/background-jobs?'))
        return json({
          jobs: retried ? [LONG] : [FAILED, LONG],
          count: retried ? 1 : 2,
          long_running_after_seconds: 300,
          failed_kept_days: 7,
        });
      if (call.url.endsWith('/retry')) {
        retried = true;
        return json({ message: 'The job has been sent again', key: 'app.jobs.retried' });
      }
      return json({});
    });
    render(
      await inAdmin(
        <Routes>
          <Route path="/background-jobs" element={<BackgroundJobsPage />} />
        </Routes>,
        { path: '/background-jobs' },
      ),
    );
    await screen.findByRole('heading', { level: 1, name: 'Background jobs' });
    expect(screen.getByText(/failed in the last 7 days, and jobs running for more than 5 minutes/)).toBeInTheDocument();
    const rows = screen.getAllByTestId('background-job');
    expect(rows).toHaveLength(2);
    const failed = within(rows[0]);
    expect(failed.getByText('Mail')).toBeInTheDocument();
    expect(failed.getByText('Failed')).toBeInTheDocument();
    expect(failed.getByText('9 of 9')).toBeInTheDocument();
    expect(failed.getByText('3 s')).toBeInTheDocument();
    expect(failed.getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    const long = within(rows[1]);
    expect(long.getByText('Scoring')).toBeInTheDocument();
    expect(long.getByText('Running long')).toBeInTheDocument();
    expect(long.getByText('15 min')).toBeInTheDocument();
    expect(long.queryByRole('button')).toBeNull();

    await userEvent.click(failed.getByRole('button', { name: `Retry the job mail ${FAILED.id}` }));
    await screen.findByText('The job has been sent again');
    expect(calls.filter((c) => c.url.endsWith('/retry'))).toEqual([
      expect.objectContaining({ method: 'POST', url: `/api/background-jobs/${FAILED.id}/retry` }),
    ]);
    await waitFor(() => expect(screen.getAllByTestId('background-job')).toHaveLength(1));
  });
});

describe('an export written by a job', () => {
  let saved: string[];
  beforeEach(() => {
    saved = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows its progress in rows, then saves the file once done', async () => {
    saveSession('tok', demoAdmin);
    const job = {
      id: 12,
      kind: 'users',
      status: 'pending',
      total: 5000,
      processed: 0,
      filename: 'users.xlsx',
      size: null,
      error: null,
      created_at: '2026-11-26T09:00:00.000Z',
      finished_at: null,
      expires_at: '2026-11-27T09:00:00.000Z',
    };
    const states = [
      { ...job, status: 'running', processed: 2500 },
      { ...job, status: 'done', processed: 5000, size: 1234 },
    ];
    const calls = mockFetch((call) => {
      if (call.url === '/api/me') return json({ user: demoAdmin });
      if (call.url === '/api/exports' && call.method === 'POST') return json({ export: job }, 201);
      if (call.url === '/api/exports/12') return json({ export: states.shift() ?? states[0] });
      if (call.url === '/api/exports/12/file') return new Response('xlsx', { status: 200 });
      return json({});
    });
    render(await inAdmin(<ExportUsersButton />));
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Preparing users.xlsx' }));
    await dialog.findByText('2,500 of 5,000 rows written', {}, { timeout: 4000 });
    expect(dialog.getByRole('progressbar', { name: 'Progress of the export' })).toHaveAttribute('aria-valuenow', '50');
    await dialog.findByText('The file is ready.', {}, { timeout: 4000 });
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/exports/12/file'));
    await waitFor(() => expect(saved).toEqual(['users.xlsx']));
    expect(calls.find((c) => c.url === '/api/exports')).toMatchObject({
      method: 'POST',
      body: { kind: 'users', locale: 'en' },
    });
  });
});
