import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ROLES } from '../../domain/permissions';
import { App } from '../../src/App';
import { saveSession } from '../../src/session';
import { type Call, i18nFor, json, mockFetch } from './helpers';

const admin = {
  id: 1,
  name: 'Admin',
  email: 'admin@demo.test',
  type: 1,
  gender: 1,
  roles: ['admin'],
  permissions: [...DEFAULT_ROLES.admin],
};
const people = [
  {
    id: 11,
    name: 'Hala',
    email: 'hala@demo.test',
    type: 0,
    country: 'EG',
    removed: 0,
    created_at: '2025-01-02T10:00:00Z',
  },
  {
    id: 12,
    name: 'Omar',
    email: 'omar@demo.test',
    type: 1,
    country: 'JO',
    removed: 1,
    created_at: '2025-01-03T10:00:00Z',
  },
];

const api = (call: Call) => {
  if (call.url === '/api/me') return json({ user: admin });
  if (call.url === '/api/users') return json({ users: people, count: 2 });
  if (call.url.startsWith('/api/users/deactivate/')) return json({ user: { ...people[0], removed: 1 } });
  if (call.url.startsWith('/api/users/delete/'))
    return json({ message: 'app.notify.deleted', key: 'app.notify.deleted' });
  return json({});
};

const renderUsers = async () => {
  saveSession('tok', admin);
  window.history.pushState({}, '', '/users');
  const calls = mockFetch(api);
  render(<App i18nProvider={await i18nFor('en')} />);
  // the whole console's first render under load (its lazy chunks transformed on first use) may take more than 5 s
  await screen.findByText('hala@demo.test', {}, { timeout: 15_000 });
  return calls;
};

const listCalls = (calls: Call[]) => calls.filter((c) => c.url === '/api/users');

describe('users list', () => {
  it('pages by 10 sorted by id, shows translated codes and states', async () => {
    const calls = await renderUsers();
    expect(listCalls(calls)[0].body).toEqual({ limit: 10, offset: 0, order_by: 'id', order_direction: 'desc' });
    const row = screen.getByText('hala@demo.test').closest('tr')!;
    expect(within(row).getByText('Family')).toBeInTheDocument();
    expect(within(row).getByText('Egypt')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const other = screen.getByText('omar@demo.test').closest('tr')!;
    expect(within(other).getByText('Inactive')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('searches with search_text and sorts by a column', async () => {
    const user = userEvent.setup();
    const calls = await renderUsers();
    await user.type(screen.getByPlaceholderText('Search'), 'hal');
    await waitFor(
      () => expect(listCalls(calls).some((c) => (c.body as { search_text?: string }).search_text === 'hal')).toBe(true),
      { timeout: 3000 },
    );
    await user.click(within(screen.getByRole('columnheader', { name: /Email/ })).getByText('Email'));
    await waitFor(() =>
      expect(listCalls(calls).some((c) => (c.body as { order_by?: string }).order_by === 'email')).toBe(true),
    );
  });

  it('deactivates an account and says so', async () => {
    const user = userEvent.setup();
    const calls = await renderUsers();
    const row = screen.getByText('hala@demo.test').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('The account is deactivated')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/users/deactivate/11')).toBe(true);
  });

  it('deletes after a confirmation, then refreshes the list and says so', async () => {
    const user = userEvent.setup();
    const calls = await renderUsers();
    const before = listCalls(calls).length;
    const row = screen.getByText('hala@demo.test').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete Hala?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/users/delete/11')).toBe(true);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });
});
