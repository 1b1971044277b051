import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isLightPath, isPublicPath } from '../../src/publicPaths';
import { getToken } from '../../src/session';
import { LightApp } from '../../src/signin/LightApp';
import { i18nFor, json, mockFetch } from './helpers';

const signedInAnswer = {
  user: { id: 1, name: 'A', email: 'a@demo.test', type: 1, roles: ['admin'], permissions: [] },
  access_token: 't',
};

/** The light app at `path` (main.tsx starts it for a first load there); `leave` hands over. */
const renderLight = async (path: string, { locale = 'en' as 'en' | 'ar', state = null as unknown } = {}) => {
  window.history.replaceState(state, '', path);
  const leave = vi.fn(() => Promise.resolve());
  render(<LightApp i18nProvider={await i18nFor(locale)} leave={leave} />);
  return leave;
};

const renderSignIn = (options: { locale?: 'en' | 'ar'; state?: unknown } = {}) => renderLight('/login', options);

const signIn = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByLabelText(/Email/), 'a@demo.test');
  await user.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'demo1234');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('the light app (src/signin/LightApp.tsx)', () => {
  it('starts at /login, /register, /reset-password/:token, /404, /guest-register and /order-neomi-kit only, public pages', () => {
    for (const path of [
      '/login',
      '/login/',
      '/LOGIN',
      '/register',
      '/reset-password/abc',
      '/404',
      '/guest-register',
      '/order-neomi-kit',
    ]) {
      expect(isLightPath(path), path).toBe(true);
      expect(isPublicPath(path), path).toBe(true);
    }
    for (const path of [
      '/overview',
      '/login/x',
      '/logout',
      '/reset-password',
      '/exam-page',
      '/temp/register',
      '/start-exam/1/42',
    ])
      expect(isLightPath(path), path).toBe(false);
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

  it('the link to /register shows the sign-up page, and its link comes back, without handing over', async () => {
    const user = userEvent.setup();
    const leave = await renderSignIn();
    const link = await screen.findByRole('link', { name: 'Create an account' });
    expect(link).toHaveAttribute('href', '/register');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/register');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(leave).not.toHaveBeenCalled();
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

  it('a first load at /register signs a family up with POST /api/register and hands over at /profile', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json({ ...signedInAnswer, access_token: 'fam' }, 201));
    const leave = await renderLight('/register');
    await user.type(await screen.findByLabelText(/^Name/, { selector: 'input' }), 'Hala');
    await user.click(screen.getByRole('combobox', { name: /Gender/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Mother' }));
    await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), 'hala@demo.test');
    await user.type(screen.getByLabelText(/Confirm email/, { selector: 'input' }), 'hala@demo.test');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-123');
    await user.type(screen.getByLabelText(/Confirm password/, { selector: 'input' }), 'secret-123');
    await user.click(screen.getByRole('combobox', { name: /Country/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Egypt' }));
    await user.click(screen.getByRole('button', { name: 'Create the account' }));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/profile');
    expect(getToken()).toBe('fam');
    expect(calls.map((c) => c.url)).toEqual(['/api/register']);
    expect(calls[0].body).toMatchObject({ type: 0, gender: 2, country: 'EG', email: 'hala@demo.test' });
  });

  it("puts the server's field error on its field, in Arabic and right-to-left, and stays", async () => {
    const user = userEvent.setup();
    mockFetch(() =>
      json(
        {
          message: 'This email address is already registered',
          key: 'app.errors.emailTaken',
          errors: { email: 'app.errors.emailTaken' },
        },
        409,
      ),
    );
    const leave = await renderLight('/register', { locale: 'ar' });
    await user.type(await screen.findByLabelText(/^الاسم/, { selector: 'input' }), 'هالة');
    await user.click(screen.getByRole('combobox', { name: /^الجنس/ }));
    await user.click(within(await screen.findByRole('listbox')).getAllByRole('option')[1]);
    const email = screen.getByLabelText(/^البريد الإلكتروني/, { selector: 'input' });
    await user.type(email, 'hala@demo.test');
    await user.type(screen.getByLabelText(/^تأكيد البريد الإلكتروني/, { selector: 'input' }), 'hala@demo.test');
    await user.type(screen.getByLabelText(/^كلمة المرور/, { selector: 'input' }), 'secret-123');
    await user.type(screen.getByLabelText(/^تأكيد كلمة المرور/, { selector: 'input' }), 'secret-123');
    await user.click(screen.getByRole('combobox', { name: /^الدولة/ }));
    await user.click(within(await screen.findByRole('listbox')).getAllByRole('option')[1]);
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    // on the field, tied to it (aria-describedby), and in the notification
    await waitFor(() => expect(email).toHaveAccessibleDescription('عنوان البريد الإلكتروني هذا مسجّل مسبقًا'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent('عنوان البريد الإلكتروني هذا مسجّل مسبقًا');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.querySelector('style[data-emotion^="muirtl"]')).not.toBeNull();
    expect(window.location.pathname).toBe('/register');
    expect(getToken()).toBeNull();
    expect(leave).not.toHaveBeenCalled();
    // typing again in the field takes the server's error away
    await user.type(email, 'x');
    await waitFor(() => expect(email).not.toHaveAccessibleDescription('عنوان البريد الإلكتروني هذا مسجّل مسبقًا'));
  });

  it('/reset-password/:token sends the token from the address, then shows /login with a notification', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json({ message: 'ok' }));
    const leave = await renderLight('/reset-password/tok-123');
    const password = await screen.findByLabelText(/^New password/, { selector: 'input' });
    expect(password).toHaveFocus();
    await user.type(password, 'second-pass-2');
    await user.type(screen.getByLabelText(/Confirm password/, { selector: 'input' }), 'second-pass-3');
    await user.tab();
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText(/Confirm password/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/Confirm password/, { selector: 'input' }), 'second-pass-2');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(calls).toMatchObject([
      {
        method: 'POST',
        url: '/api/users/reset/password',
        body: { token: 'tok-123', password: 'second-pass-2', confirm_password: 'second-pass-2' },
      },
    ]);
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(leave).not.toHaveBeenCalled();
  });

  it('/404 links a signed-out visitor to /login, shown by the light app itself', async () => {
    const user = userEvent.setup();
    const leave = await renderLight('/404');
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/login');
    await user.click(link);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(leave).not.toHaveBeenCalled();
  });

  it('back to an address outside the light app hands over', async () => {
    const leave = await renderLight('/404');
    await screen.findByRole('heading', { level: 1, name: '404' });
    window.history.pushState(null, '', '/exam-page');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
  });
});
