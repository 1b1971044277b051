import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ROLES } from '../../domain/permissions';
import { getToken, saveSession } from '../../src/session';
import { type Call, json, mockFetch } from './helpers';

const admin = {
  id: 1,
  name: 'Demo admin',
  email: 'admin@demo.test',
  type: 1,
  gender: 1,
  photo: null,
  country: 'EG',
  roles: ['admin'],
  permissions: [...DEFAULT_ROLES.admin],
};

const family = {
  ...admin,
  id: 3,
  name: 'Mona Family',
  email: 'family@demo.test',
  type: 0,
  roles: ['student'],
  permissions: [],
};
const child = { id: 11, name: 'Reem', parent_id: 3, gender: 2, birthdate: '2017-03-01', language: 1, city: 'Cairo' };

/** A tiny API: sign-in, /me, empty lists. */
const api = (call: Call) => {
  if (call.url === '/api/login') return json({ user: admin, access_token: 'tok' });
  if (call.url === '/api/me') return json({ user: admin });
  if (call.url.startsWith('/api/users/show/')) return json({ user: admin, tasks: [], childern: [] });
  return json({ users: [], roles: [], count: 0 });
};

/**
 * A family's first load at `path` (English, the family's session on the device), main.tsx not yet imported; the
 * returned mock is called each time the whole console (src/App.tsx) renders, which it does only once it takes over.
 */
const familyFirstLoadAt = (path: string) => {
  vi.resetModules();
  const consoleRendered = vi.fn();
  vi.doMock('../../src/App', async (importOriginal) => {
    const { App } = await importOriginal<typeof import('../../src/App')>();
    return { App: (props: Parameters<typeof App>[0]) => (consoleRendered(), App(props)) };
  });
  document.body.innerHTML = '<div id="root"></div>';
  window.localStorage.setItem('neomi.locale', 'en');
  saveSession('tok', family);
  window.history.replaceState(null, '', path);
  return consoleRendered;
};

/**
 * /login in English as the server sends it (src/prerender/renderPage.tsx, scripts/prerenderPages.ts), main.tsx not
 * yet imported; the returned mock is called when the light app's module is loaded.
 */
const prerenderedLogin = async () => {
  vi.resetModules();
  const { renderLightPage } = await import('../../src/prerender/renderPage');
  const { html } = await renderLightPage('/login', 'en');
  vi.resetModules();
  const lightAppLoaded = vi.fn();
  vi.doMock('../../src/signin/LightApp', async (importOriginal) => {
    lightAppLoaded();
    return importOriginal();
  });
  document.body.innerHTML = `<div id="root" data-page="/login" data-locale="en">${html}</div>`;
  window.localStorage.setItem('neomi.locale', 'en');
  window.history.replaceState(null, '', '/login');
  mockFetch(api);
  return lightAppLoaded;
};

/** Once React has hydrated the sign-in page: its button carries React's fiber. */
const hydrated = () =>
  waitFor(
    () =>
      expect(Object.keys(screen.getByRole('button', { name: 'Sign in' }))).toContainEqual(
        expect.stringMatching(/^__reactFiber/),
      ),
    { timeout: 20_000 },
  );

describe('main.tsx', () => {
  afterEach(() => vi.useRealTimers());

  it('starts the light public app at /login, then the whole console takes over in place after signing in', async () => {
    const user = userEvent.setup();
    document.body.innerHTML = '<div id="root"></div>';
    window.localStorage.setItem('neomi.locale', 'en');
    window.history.replaceState(null, '', '/login');
    const calls = mockFetch(api);
    const unload = vi.fn();
    window.addEventListener('beforeunload', unload);

    const { started } = await import('../../src/main');
    await user.type(await screen.findByLabelText(/Email/, {}, { timeout: 20_000 }), 'admin@demo.test');
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'demo1234');
    // the public app has no sidebar
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const menu = await screen.findByRole('menu', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(menu).getAllByRole('menuitem').length).toBeGreaterThan(2));
    expect(window.location.pathname).toBe('/overview');
    expect(getToken()).toBe('tok');
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/login' });
    expect(unload).not.toHaveBeenCalled();
    // unmounted here, so React does no more work once jsdom is gone
    (await started).unmount();
  });

  it('at a page the server sent rendered, asks for its app once the browser has painted a frame', async () => {
    const lightAppLoaded = await prerenderedLogin();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.useFakeTimers({ toFake: ['setTimeout'] });

    const { started } = await import('../../src/main');
    await vi.advanceTimersByTimeAsync(50);
    expect(frames).toHaveLength(1);
    expect(lightAppLoaded).not.toHaveBeenCalled();
    // the frame painted: the app is asked for, and hydrates the page
    frames[0]!(performance.now());
    await vi.advanceTimersByTimeAsync(0);
    vi.useRealTimers();
    await vi.waitFor(() => expect(lightAppLoaded).toHaveBeenCalled());
    await hydrated();

    (await started).unmount();
  });

  it('at a page the server sent rendered in a tab that paints nothing (hidden), asks for its app after 100 ms', async () => {
    const lightAppLoaded = await prerenderedLogin();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    vi.useFakeTimers({ toFake: ['setTimeout'] });

    const { started } = await import('../../src/main');
    await vi.advanceTimersByTimeAsync(90);
    expect(lightAppLoaded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    vi.useRealTimers();
    await vi.waitFor(() => expect(lightAppLoaded).toHaveBeenCalled());
    await hydrated();
    (await started).unmount();
  });

  it("starts the family app at a family's /profile, not the whole console, which takes over in place at another address", async () => {
    const user = userEvent.setup();
    const consoleRendered = familyFirstLoadAt('/profile');
    const calls = mockFetch((call) => {
      if (call.url === '/api/me') return json({ user: family });
      if (call.url === '/api/users/show/3') return json({ user: family, tasks: [], childern: [child] });
      return json({ activities: [], users: [], count: 0 });
    });
    const unload = vi.fn();
    window.addEventListener('beforeunload', unload);

    const { started } = await import('../../src/main');
    // the profile with its data, in the console's layout: the title, the family's menu
    expect(await screen.findByText('Reem', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Children' })).toBeInTheDocument();
    expect(document.getElementById('react-admin-title')).toHaveTextContent('My profile');
    const menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitem', { name: 'Gallery' });
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
    expect(consoleRendered).not.toHaveBeenCalled();
    // the page's first call, started by main.tsx before any app's chunk (src/family/earlyCalls.ts)
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/me' });

    // the language menu: Arabic, right to left, without a reload
    await user.click(screen.getByRole('button', { name: 'English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.getElementById('react-admin-title')).toHaveTextContent('ملفي الشخصي');
    // the language menu closed; the sidebar (rendered afresh in the new direction) in Arabic
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'English' })).toBeNull());

    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'المعرض' }));
    await waitFor(() => expect(consoleRendered).toHaveBeenCalled(), { timeout: 10_000 });
    expect(window.location.pathname).toBe('/gallery');
    expect(unload).not.toHaveBeenCalled();
    (await started).unmount();
  });

  it("starts the family app at a family's child page, the child's details from the call started with the page; signing out leaves for /login", async () => {
    const user = userEvent.setup();
    const consoleRendered = familyFirstLoadAt('/student-details/11');
    const details = {
      child: { ...child, parent_name: 'Mona Family' },
      groups: [],
      activities: { total: 0, by_status: {}, badges: 0 },
      certificates: [],
    };
    const calls = mockFetch((call) => {
      if (call.url === '/api/me') return json({ user: family });
      if (call.url === '/api/student/details/11') return json(details);
      return json({ activities: [], users: [], count: 0 });
    });

    const { started } = await import('../../src/main');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reem' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(consoleRendered).not.toHaveBeenCalled();
    // both first calls started by main.tsx, before any app's chunk, and the child's details asked for once
    expect(calls.slice(0, 2).map((c) => c.url)).toEqual(['/api/me', '/api/student/details/11']);
    expect(calls.filter((c) => c.url === '/api/student/details/11')).toHaveLength(1);

    // the user menu (src/layout/AppLayout.tsx); on a narrow screen react-admin names it "Profile"
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    (await started).unmount();
  });
});
