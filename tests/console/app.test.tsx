import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ROLES, type RoleName } from '../../domain/permissions';
import { App } from '../../src/App';
import { saveSession } from '../../src/session';
import { SIDEBAR_BY_ROLE, SIDEBAR_BY_ROLE_AR, type SidebarGroups } from '../support/sidebarByRole';
import { type Call, i18nFor, json, mockFetch } from './helpers';

const userWithRole = (role: RoleName) => ({
  id: 5,
  name: `Demo ${role}`,
  email: `${role}@demo.test`,
  type: role === 'student' ? 0 : 1,
  gender: 1,
  photo: null,
  country: 'EG',
  roles: [role],
  permissions: [...DEFAULT_ROLES[role]],
});

/** A tiny API: /me answers with the role's user, lists are empty. */
const api = (role: RoleName) => (call: Call) => {
  const user = userWithRole(role);
  if (call.url === '/api/me') return json({ user });
  if (call.url.startsWith('/api/users/show/')) return json({ user, tasks: [], childern: [] });
  if (call.url === '/api/roles') return json({ roles: [], count: 0 });
  if (call.url === '/api/contact/orders/new_count') return json({ count: 3 });
  if (call.url === '/api/contact/orders') return json({ orders: [], count: 0 });
  return json({ users: [], count: 0 });
};

const renderApp = async (role: RoleName, path: string, locale: 'en' | 'ar' = 'en') => {
  saveSession('tok', userWithRole(role));
  window.history.pushState({}, '', path);
  const calls = mockFetch(api(role));
  render(<App i18nProvider={await i18nFor(locale)} />);
  return calls;
};

const sidebarMenu = async () => {
  const nav = await screen.findByRole('menu', {}, { timeout: 10_000 });
  await waitFor(() => expect(within(nav).getAllByRole('menuitem').length).toBeGreaterThan(1), { timeout: 10_000 });
  return nav;
};

const headerOf = (nav: HTMLElement, label: string) =>
  within(nav)
    .getAllByRole('menuitem')
    .find((el) => el.hasAttribute('data-sidebar-section') && el.textContent?.includes(label));

/** The sidebar's sections and their items, every section opened (tests/support/sidebarByRole.ts). */
const menuGroups = async (): Promise<SidebarGroups> => {
  const nav = await sidebarMenu();
  for (const header of Array.from(nav.querySelectorAll('[data-sidebar-section][aria-expanded="false"]')))
    fireEvent.click(header);
  await waitFor(() => expect(nav.querySelector('[data-sidebar-section][aria-expanded="false"]')).toBeNull());
  const groups: SidebarGroups = [];
  const text = (el: Element | null) => (el?.textContent ?? '').trim();
  for (const child of Array.from(nav.children)) {
    if (child.hasAttribute('data-sidebar-section'))
      groups.push([text(child.querySelector('[data-section-label]')), []]);
    else if (child.getAttribute('role') === 'menuitem') {
      const last = groups[groups.length - 1];
      if (last && last[0] === null) last[1].push(text(child.querySelector('[data-menu-label]')));
      else groups.push([null, [text(child.querySelector('[data-menu-label]'))]]);
    } else if (groups.length)
      groups[groups.length - 1][1].push(...Array.from(child.querySelectorAll('[data-menu-label]')).map(text));
  }
  return groups;
};

describe('the console app', () => {
  it.each(Object.keys(SIDEBAR_BY_ROLE))('shows the %s exactly the sidebar its permissions allow', async (role) => {
    await renderApp(role as RoleName, '/profile');
    await waitFor(async () => expect(await menuGroups()).toEqual(SIDEBAR_BY_ROLE[role]), { timeout: 10_000 });
  });

  it.each(Object.keys(SIDEBAR_BY_ROLE_AR))(
    'in Arabic the %s sidebar is translated and the page is right-to-left',
    async (role) => {
      await renderApp(role as RoleName, '/profile', 'ar');
      await waitFor(async () => expect(await menuGroups()).toEqual(SIDEBAR_BY_ROLE_AR[role]), { timeout: 10_000 });
      expect(document.documentElement.dir).toBe('rtl');
      expect(document.documentElement.lang).toBe('ar');
      expect(document.querySelector('style[data-emotion^="muirtl"]')).not.toBeNull();
    },
  );

  it('groups the sidebar into closed sections that open on a click and stay open', async () => {
    await renderApp('admin', '/profile');
    const nav = await sidebarMenu();
    const headers = () => Array.from(nav.querySelectorAll('[data-sidebar-section]'));
    await waitFor(() =>
      expect(headers().map((h) => h.querySelector('[data-section-label]')?.textContent)).toEqual([
        'People',
        'Teaching',
        'Neomi test',
        'Schools',
        'Regions',
        'Administration',
      ]),
    );
    expect(headers().every((h) => h.getAttribute('aria-expanded') === 'false')).toBe(true);
    expect(within(nav).queryByRole('menuitem', { name: 'Classes' })).toBeNull();
    // the closed "Administration" carries the new orders' count of its "Kit orders"
    expect(await within(headerOf(nav, 'Administration')!).findByText('3', {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(headerOf(nav, 'Schools')!);
    expect(await within(nav).findByRole('menuitem', { name: 'Classes' })).toBeInTheDocument();
    expect(headerOf(nav, 'Schools')).toHaveAttribute('aria-expanded', 'true');
    // a new start of the console remembers it
    cleanup();
    await renderApp('admin', '/profile');
    const again = await sidebarMenu();
    expect(await within(again).findByRole('menuitem', { name: 'Classes' })).toBeInTheDocument();
    expect(headerOf(again, 'Regions')).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(headerOf(again, 'Schools')!);
    await waitFor(() => expect(within(again).queryByRole('menuitem', { name: 'Classes' })).toBeNull(), {
      timeout: 10_000,
    });
  });

  it("opens the current page's section by itself", async () => {
    await renderApp('admin', '/orders');
    const nav = await sidebarMenu();
    await waitFor(() => expect(headerOf(nav, 'Administration')).toHaveAttribute('aria-expanded', 'true'));
    expect(within(nav).getByRole('menuitem', { name: /Kit orders/ })).toBeInTheDocument();
    expect(headerOf(nav, 'Schools')).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a user whose items fit one section that section open', async () => {
    await renderApp('admin_school', '/profile');
    const nav = await sidebarMenu();
    expect(headerOf(nav, 'Schools')).toHaveAttribute('aria-expanded', 'true');
    expect(await within(nav).findByRole('menuitem', { name: 'Classes' })).toBeInTheDocument();
  });

  it('sends / to /overview, where a non-admin sees the profile', async () => {
    await renderApp('teacher', '/');
    expect(await screen.findByRole('heading', { name: 'Demo teacher' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/overview');
  });

  it('shows the not-found page for an unknown address', async () => {
    await renderApp('student', '/no/such/page');
    expect(
      await screen.findByText('The page you are looking for does not exist.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('reloads the permissions from /api/me after each navigation', async () => {
    const calls = await renderApp('admin', '/profile');
    await screen.findByRole('heading', { name: 'Demo admin' });
    const before = calls.filter((c) => c.url === '/api/me').length;
    fireEvent.click(headerOf(await sidebarMenu(), 'Administration')!);
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
