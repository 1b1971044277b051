import { render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ROLES, type RoleName } from '../../domain/permissions';
import { App } from '../../src/App';
import { saveSession } from '../../src/session';
import { SIDEBAR_BY_ROLE, SIDEBAR_BY_ROLE_AR } from '../support/sidebarByRole';
import { type Call, i18nFor, json, mockFetch } from './helpers';

const userWithRole = (role: RoleName) => ({
  id: 5, name: `Demo ${role}`, email: `${role}@demo.test`, type: role === 'student' ? 0 : 1, gender: 1, photo: null,
  country: 'EG', roles: [role], permissions: [...DEFAULT_ROLES[role]],
});

/** A tiny API: /me answers with the role's user, lists are empty. */
const api = (role: RoleName) => (call: Call) => {
  const user = userWithRole(role);
  if (call.url === '/api/me') return json({ user });
  if (call.url.startsWith('/api/users/show/')) return json({ user, tasks: [], childern: [] });
  if (call.url === '/api/roles') return json({ roles: [], count: 0 });
  return json({ users: [], count: 0 });
};

const renderApp = async (role: RoleName, path: string, locale: 'en' | 'ar' = 'en') => {
  saveSession('tok', userWithRole(role));
  window.history.pushState({}, '', path);
  const calls = mockFetch(api(role));
  render(<App i18nProvider={await i18nFor(locale)} />);
  return calls;
};

const menuLabels = async () => {
  const nav = await screen.findByRole('menu');
  await waitFor(() => expect(within(nav).getAllByRole('menuitem').length).toBeGreaterThan(1));
  return within(nav).getAllByRole('menuitem').map((item) => item.textContent?.trim());
};

describe('the console app', () => {
  it.each(Object.keys(SIDEBAR_BY_ROLE))('shows the %s exactly the sidebar its permissions allow', async (role) => {
    await renderApp(role as RoleName, '/profile');
    await waitFor(async () => expect(await menuLabels()).toEqual(SIDEBAR_BY_ROLE[role]));
  });

  it.each(Object.keys(SIDEBAR_BY_ROLE_AR))('in Arabic the %s sidebar is translated and the page is right-to-left', async (role) => {
    await renderApp(role as RoleName, '/profile', 'ar');
    await waitFor(async () => expect(await menuLabels()).toEqual(SIDEBAR_BY_ROLE_AR[role]));
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.querySelector('style[data-emotion^="muirtl"]')).not.toBeNull();
  });

  it('sends / to /overview, where a non-admin sees the profile', async () => {
    await renderApp('teacher', '/');
    expect(await screen.findByRole('heading', { name: 'Demo teacher' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/overview');
  });

  it('shows the not-found page for an unknown address', async () => {
    await renderApp('student', '/no/such/page');
    expect(await screen.findByText('The page you are looking for does not exist.')).toBeInTheDocument();
  });

  it('reloads the permissions from /api/me after each navigation', async () => {
    const calls = await renderApp('admin', '/profile');
    await screen.findByRole('heading', { name: 'Demo admin' });
    const before = calls.filter((c) => c.url === '/api/me').length;
    (await screen.findByRole('menuitem', { name: 'Roles' })).click();
    await waitFor(() => expect(window.location.pathname).toBe('/roles'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/me').length).toBeGreaterThan(before));
  });

  it.each([
    ['/active_teacher', '/api/teachers/active', 'Active teachers'],
    ['/auth/teachers', '/api/auth/teachers', 'Waiting for approval'],
    ['/teachers', '/api/teachers', 'Teachers'],
  ])('lists teachers at %s from %s', async (path, call, title) => {
    const calls = await renderApp('admin', path);
    expect(await screen.findByRole('tab', { name: title, selected: true }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === call)).toBe(true));
  });

  it('sends a visitor without a session to /login', async () => {
    window.history.pushState({}, '', '/users');
    mockFetch(() => json({}, 401));
    render(<App i18nProvider={await i18nFor('en')} />);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('goes to /login once, not in a loop, and keeps the intended address', async () => {
    window.history.pushState({}, '', '/roles');
    const push = vi.spyOn(window.history, 'pushState');
    mockFetch(() => json({}, 401));
    render(<App i18nProvider={await i18nFor('en')} />);
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 500));
    expect(push.mock.calls.length).toBeLessThanOrEqual(2);
    expect((window.history.state as { usr?: { nextPathname?: string } }).usr?.nextPathname).toBe('/roles');
  });
});
