import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PublicApp } from '../../src/PublicApp';
import { isPublicPath } from '../../src/publicPaths';
import { getToken } from '../../src/session';
import { i18nFor, json, mockFetch } from './helpers';

const signedInAnswer = {
  user: { id: 1, name: 'A', email: 'a@demo.test', type: 1, roles: ['admin'], permissions: [] },
  access_token: 't',
};

/** The light public app at `path` (main.tsx starts it for a first load at a public page). */
const renderPublic = async (path: string, { locale = 'en' as 'en' | 'ar', state = null as unknown } = {}) => {
  window.history.replaceState(state, '', path);
  const openConsole = vi.fn(() => Promise.resolve());
  render(<PublicApp i18nProvider={await i18nFor(locale)} openConsole={openConsole} />);
  return openConsole;
};

const signIn = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByLabelText(/Email/), 'a@demo.test');
  await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'demo1234');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('public pages', () => {
  it('are the addresses a first load starts the light app at', () => {
    for (const path of ['/login', '/login/', '/LOGIN', '/register', '/reset-password/abc123', '/404'])
      expect(isPublicPath(path), path).toBe(true);
    for (const path of [
      '/',
      '/overview',
      '/profile',
      '/logout',
      '/users',
      '/reset-password',
      '/reset-password/a/b',
      '/login/x',
      '/4044',
    ]) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });

  it('signing in stores the session and hands over to the console at /overview', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json(signedInAnswer));
    const openConsole = await renderPublic('/login');
    await signIn(user);
    await waitFor(() => expect(openConsole).toHaveBeenCalled());
    expect(window.location.pathname).toBe('/overview');
    expect(getToken()).toBe('t');
    expect(calls.map((c) => c.url)).toEqual(['/api/login']);
  });

  it('after an expired session, signing in goes back to the intended address', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(signedInAnswer));
    // react-router keeps the state in history.state.usr: it survives a reload of /login
    const openConsole = await renderPublic('/login', {
      state: { usr: { nextPathname: '/roles', nextSearch: '?page=2' }, key: 'k', idx: 0 },
    });
    await signIn(user);
    await waitFor(() => expect(openConsole).toHaveBeenCalled());
    expect(`${window.location.pathname}${window.location.search}`).toBe('/roles?page=2');
  });

  it('moves between the public pages without the console', async () => {
    const user = userEvent.setup();
    const openConsole = await renderPublic('/login');
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/register');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(openConsole).not.toHaveBeenCalled();
  });

  it('shows the server message as a notification, in Arabic and right-to-left', async () => {
    const user = userEvent.setup();
    mockFetch(() =>
      json({ message: 'The email or password is not correct', key: 'app.errors.invalidCredentials' }, 401),
    );
    const openConsole = await renderPublic('/login', { locale: 'ar' });
    await user.type(await screen.findByLabelText(/البريد الإلكتروني/), 'a@demo.test');
    await user.type(screen.getByLabelText(/كلمة المرور/, { selector: 'input' }), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    expect(await screen.findByText('البريد الإلكتروني أو كلمة المرور غير صحيحة')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.querySelector('style[data-emotion^="muirtl"]')).not.toBeNull();
    expect(window.location.pathname).toBe('/login');
    expect(openConsole).not.toHaveBeenCalled();
  });

  it('validates with the domain schema before calling the API', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json(signedInAnswer));
    await renderPublic('/login');
    await user.type(await screen.findByLabelText(/Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter correct email')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('the 404 page links a signed-out visitor to /login', async () => {
    await renderPublic('/404');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
