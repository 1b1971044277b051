import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isPublicPath, isSignInPath } from '../../src/publicPaths';
import { getToken } from '../../src/session';
import { SignInApp } from '../../src/signin/SignInApp';
import { i18nFor, json, mockFetch } from './helpers';

const signedInAnswer = {
  user: { id: 1, name: 'A', email: 'a@demo.test', type: 1, roles: ['admin'], permissions: [] },
  access_token: 't',
};

/** The sign-in app at `path` (main.tsx starts it for a first load at /login); `leave` hands over. */
const renderSignIn = async ({ locale = 'en' as 'en' | 'ar', state = null as unknown } = {}) => {
  window.history.replaceState(state, '', '/login');
  const leave = vi.fn(() => Promise.resolve());
  render(<SignInApp i18nProvider={await i18nFor(locale)} leave={leave} />);
  return leave;
};

const signIn = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByLabelText(/Email/), 'a@demo.test');
  await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'demo1234');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('the sign-in app (src/signin/SignInApp.tsx)', () => {
  it('starts at /login only, a public page', () => {
    for (const path of ['/login', '/login/', '/LOGIN']) {
      expect(isSignInPath(path), path).toBe(true);
      expect(isPublicPath(path), path).toBe(true);
    }
    for (const path of ['/register', '/reset-password/abc', '/404', '/overview', '/login/x', '/logout'])
      expect(isSignInPath(path), path).toBe(false);
  });

  it('signing in stores the session, then hands over at /overview', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json(signedInAnswer));
    const leave = await renderSignIn();
    await signIn(user);
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/overview');
    expect(getToken()).toBe('t');
    expect(calls.map((c) => c.url)).toEqual(['/api/login']);
  });

  it('after an expired session (react-router state kept over a reload), goes back to the intended address', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(signedInAnswer));
    const leave = await renderSignIn({ state: { usr: { nextPathname: '/roles', nextSearch: '?page=2' }, idx: 0 } });
    await signIn(user);
    await waitFor(() => expect(leave).toHaveBeenCalled());
    expect(`${window.location.pathname}${window.location.search}`).toBe('/roles?page=2');
  });

  it('never sends a new session back to a public page', async () => {
    const user = userEvent.setup();
    mockFetch(() => json(signedInAnswer));
    const leave = await renderSignIn({ state: { usr: { nextPathname: '/register' }, idx: 0 } });
    await signIn(user);
    await waitFor(() => expect(leave).toHaveBeenCalled());
    expect(window.location.pathname).toBe('/overview');
  });

  it('the link to /register moves there and hands over, without a reload', async () => {
    const user = userEvent.setup();
    const leave = await renderSignIn();
    const link = await screen.findByRole('link', { name: 'Create an account' });
    expect(link).toHaveAttribute('href', '/register');
    await user.click(link);
    expect(window.location.pathname).toBe('/register');
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('shows the server message as a notification, in Arabic and right-to-left, and stays', async () => {
    const user = userEvent.setup();
    mockFetch(() =>
      json({ message: 'The email or password is not correct', key: 'app.errors.invalidCredentials' }, 401),
    );
    const leave = await renderSignIn({ locale: 'ar' });
    await user.type(await screen.findByLabelText(/البريد الإلكتروني/), 'a@demo.test');
    await user.type(screen.getByLabelText(/كلمة المرور/, { selector: 'input' }), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.querySelector('style[data-emotion^="muirtl"]')).not.toBeNull();
    expect(window.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    expect(leave).not.toHaveBeenCalled();
  });

  it('validates with the domain schema before calling the API', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json(signedInAnswer));
    await renderSignIn();
    await user.type(await screen.findByLabelText(/Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter correct email')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('the language menu switches the page to Arabic, right-to-left, and remembers the choice', async () => {
    const user = userEvent.setup();
    await renderSignIn();
    await screen.findByRole('button', { name: 'Sign in' });
    await user.click(screen.getByRole('button', { name: 'English' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'العربية' }));
    expect(await screen.findByRole('button', { name: 'دخول' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('تسجيل الدخول');
    expect(document.documentElement.dir).toBe('rtl');
    expect(window.localStorage.getItem('neomi.locale')).toBe('ar');
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('ltr');
  });
});
