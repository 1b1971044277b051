import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import LoginPage from '../../src/custom-pages/login/LoginPage';
import { getToken } from '../../src/session';
import { challengeServer, useInProcessSolver } from './challenge';
import { inAdmin, json, mockFetch } from './helpers';

const Where = () => <p>at {useLocation().pathname}</p>;

const renderLogin = async (locale: 'en' | 'ar' = 'en') =>
  render(
    await inAdmin(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { locale, path: '/login' },
    ),
  );

describe('login page', () => {
  it('shows the docs/PRODUCT.md §5 messages and enables Sign in only when both fields are filled', async () => {
    const user = userEvent.setup();
    await renderLogin();
    const email = await screen.findByLabelText(/Email/);
    const password = screen.getByLabelText(/Password/);
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();

    await user.type(email, 'not-an-email');
    await user.click(password);
    await user.tab();
    expect(await screen.findByText('Please enter correct email')).toBeInTheDocument();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(password, 'x');
    expect(submit).toBeEnabled();
  });

  it('offers the forgot-password link, the admin hint and the way to /register', async () => {
    await renderLogin();
    expect(
      await screen.findByRole('button', { name: /Forgot your password\? Please contact to your Adminstrator/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('signs in with a trimmed email and goes to the overview', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() =>
      json({
        user: { id: 1, name: 'A', email: 'a@demo.test', type: 1, roles: ['admin'], permissions: [] },
        access_token: 't',
      }),
    );
    await renderLogin();
    await user.type(await screen.findByLabelText(/Email/), '  a@demo.test  ');
    await user.type(screen.getByLabelText(/Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('at /overview')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: 'a@demo.test', password: 'demo1234' });
    expect(getToken()).toBe('t');
  });

  it('shows the server message in the chosen language when the password is wrong', async () => {
    const user = userEvent.setup();
    mockFetch(() =>
      json({ message: 'The email or password is not correct', key: 'app.errors.invalidCredentials' }, 401),
    );
    await renderLogin('ar');
    await user.type(await screen.findByLabelText(/البريد الإلكتروني/), 'a@demo.test');
    await user.type(screen.getByLabelText(/كلمة المرور/, { selector: 'input' }), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    expect(await screen.findByText('البريد الإلكتروني أو كلمة المرور غير صحيحة')).toBeInTheDocument();
  });

  it.each([
    ['en', 'Sign in', 'Checked', /Email/, /Password/],
    ['ar', 'دخول', 'تم التحقق', /البريد الإلكتروني/, /كلمة المرور/],
  ] as const)(
    'in %s, shows the challenge when the server asks for it, solves it unasked and signs in with the solution',
    async (locale, signIn, checked, emailLabel, passwordLabel) => {
      await useInProcessSolver();
      const server = challengeServer();
      const user = userEvent.setup();
      let logins = 0;
      const calls = mockFetch(async (call) => {
        if (call.url === '/api/captcha') return json(await server.issue());
        logins += 1;
        const body = call.body as { captcha?: string };
        if (logins === 1 || !(await server.verify(body.captcha)))
          return json(
            {
              message: 'Wait for the check',
              key: 'app.errors.challengeRequired',
              errors: { captcha: 'app.errors.challengeRequired' },
            },
            400,
          );
        return json({
          user: { id: 1, name: 'A', email: 'a@demo.test', type: 1, roles: ['admin'], permissions: [] },
          access_token: 't',
        });
      });
      await renderLogin(locale);
      await user.type(await screen.findByLabelText(emailLabel), 'a@demo.test');
      await user.type(screen.getByLabelText(passwordLabel, { selector: 'input' }), 'demo1234');
      await user.click(screen.getByRole('button', { name: signIn }));
      // the box appears and ticks itself: nothing to read or type
      const box = await screen.findByRole('checkbox', { name: checked }, { timeout: 10_000 });
      expect(box).toBeChecked();
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(checked));
      expect(calls.filter((c) => c.url === '/api/captcha')).toHaveLength(1);
      if (locale === 'ar') expect(box.closest('[dir]')).toHaveAttribute('dir', 'rtl');
      // a keyboard user reaches it like any field
      box.focus();
      expect(box).toHaveFocus();
      await user.click(screen.getByRole('button', { name: signIn }));
      expect(await screen.findByText('at /overview')).toBeInTheDocument();
      const sent = calls.filter((c) => c.url === '/api/login');
      expect(sent).toHaveLength(2);
      expect(sent[0].body).toEqual({ email: 'a@demo.test', password: 'demo1234' });
      expect(sent[1].body).toEqual({ email: 'a@demo.test', password: 'demo1234', captcha: expect.any(String) });
    },
    60_000,
  );

  it('solves a new challenge after a refused try: a solution answers once', async () => {
    await useInProcessSolver();
    const server = challengeServer();
    const user = userEvent.setup();
    let logins = 0;
    const calls = mockFetch(async (call) => {
      if (call.url === '/api/captcha') return json(await server.issue());
      logins += 1;
      if (logins === 1)
        return json(
          { message: 'Wait', key: 'app.errors.challengeRequired', errors: { captcha: 'app.errors.challengeRequired' } },
          400,
        );
      const solved = await server.verify((call.body as { captcha?: string }).captcha);
      // the second try: the solution is used up, though the password is wrong
      if (logins === 2 && solved)
        return json({ message: 'The email or password is not correct', key: 'app.errors.invalidCredentials' }, 401);
      if (!solved)
        return json(
          { message: 'Failed', key: 'app.errors.challengeFailed', errors: { captcha: 'app.errors.challengeFailed' } },
          400,
        );
      return json({
        user: { id: 1, name: 'A', email: 'a@demo.test', type: 1, roles: ['admin'], permissions: [] },
        access_token: 't',
      });
    });
    await renderLogin();
    await user.type(await screen.findByLabelText(/Email/), 'a@demo.test');
    await user.type(screen.getByLabelText(/Password/), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('checkbox', { name: 'Checked' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email or password is not correct')).toBeInTheDocument();
    // a second challenge, solved in turn
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/captcha')).toHaveLength(2), { timeout: 10_000 });
    await screen.findByRole('checkbox', { name: 'Checked' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('at /overview')).toBeInTheDocument();
    const sent = calls.filter((c) => c.url === '/api/login').map((c) => (c.body as { captcha?: string }).captcha);
    expect(sent[1]).toBeTruthy();
    expect(sent[2]).toBeTruthy();
    expect(sent[2]).not.toBe(sent[1]);
  }, 60_000);

  it('forgot-password mode posts the email and shows the sent message for 4000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      const calls = mockFetch(() => json({ message: 'app.auth.resetMailSent' }));
      await renderLogin();
      await user.click(await screen.findByRole('button', { name: /Forgot your password/ }));
      expect(screen.getByText('Reset your password')).toBeInTheDocument();
      // the forgot-password form is its own chunk, downloaded when asked for
      expect(await screen.findByText('Please contact to your Adminstrator')).toBeInTheDocument();
      await user.type(screen.getByLabelText(/Email/), 'hala@demo.test');
      await user.click(screen.getByRole('button', { name: 'Send the link' }));
      expect(
        await screen.findByText('We have sent you an email with a link to reset your password'),
      ).toBeInTheDocument();
      expect(calls[0]).toMatchObject({
        method: 'POST',
        url: '/api/users/forgot/password',
        body: { email: 'hala@demo.test' },
      });
      act(() => vi.advanceTimersByTime(3900));
      expect(screen.getByText('We have sent you an email with a link to reset your password')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      await waitFor(() =>
        expect(
          screen.queryByText('We have sent you an email with a link to reset your password'),
        ).not.toBeInTheDocument(),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
