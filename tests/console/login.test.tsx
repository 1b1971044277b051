import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import LoginPage from '../../src/custom-pages/login/LoginPage';
import { getToken } from '../../src/session';
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

  it('shows the captcha when the server asks for it, and signs in with its key and characters', async () => {
    const user = userEvent.setup();
    let logins = 0;
    const calls = mockFetch((call) => {
      if (call.url === '/api/captcha')
        return json({ key: `captcha-${logins}`, image: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
      logins += 1;
      if (logins === 1)
        return json(
          {
            message: 'Type the characters',
            key: 'app.errors.captchaRequired',
            errors: { captcha: 'app.errors.captchaRequired' },
          },
          400,
        );
      return json({
        user: { id: 1, name: 'A', email: 'a@demo.test', type: 1, roles: ['admin'], permissions: [] },
        access_token: 't',
      });
    });
    await renderLogin();
    await user.type(await screen.findByLabelText(/Email/), 'a@demo.test');
    await user.type(screen.getByLabelText(/Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('img', { name: 'A picture of characters to type' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Characters in the picture'), 'k3x9p');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('at /overview')).toBeInTheDocument();
    const sent = calls.filter((c) => c.url === '/api/login');
    expect(sent[1].body).toEqual({
      email: 'a@demo.test',
      password: 'demo1234',
      captcha_key: 'captcha-1',
      captcha: 'k3x9p',
    });
  });

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
