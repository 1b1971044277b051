import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import RegisterPage from '../../src/custom-pages/register/RegisterPage';
import { commonPasswordsLoaded } from '../../domain/passwords';
import { getToken } from '../../src/session';
import { challengeServer, useInProcessSolver } from './challenge';
import { inAdmin, json, mockFetch } from './helpers';

const Where = () => <p>at {useLocation().pathname}</p>;

const renderRegister = async () =>
  render(
    await inAdmin(
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path: '/register' },
    ),
  );

type User = ReturnType<typeof userEvent.setup>;

/** Picks an option of a react-admin SelectInput by the field's label and the option's text. */
const choose = async (user: User, label: RegExp, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

describe('register page', () => {
  // first in the file: once loaded, the list stays for the page's life (the other tests focus password fields)
  it('loads the common-password list when the password field is first focused, and refuses such a password before sending', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json({}));
    await renderRegister();
    const password = await screen.findByLabelText(/^Password/, { selector: 'input' });
    // not as the page opens: a phone would download it before the page's text painted
    expect(commonPasswordsLoaded()).toBe(false);
    await user.click(password);
    await waitFor(() => expect(commonPasswordsLoaded()).toBe(true));
    await user.type(password, 'password1');
    await user.tab();
    expect(await screen.findByText('This password is too common: choose one that is harder to guess')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('offers the family genders, then the teacher genders and teacher fields', async () => {
    const user = userEvent.setup();
    await renderRegister();
    await user.click(await screen.findByRole('combobox', { name: /Gender/ }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent?.trim()),
    ).toEqual(['', 'Mother', 'Father', 'Other']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox', { name: /Degree/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Teacher account' }));
    await user.click(screen.getByRole('combobox', { name: /Gender/ }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent?.trim()),
    ).toEqual(['', 'Male', 'Female']);
    await user.keyboard('{Escape}');
    for (const name of [
      /Degree/,
      /Specialization/,
      /Teaching stage/,
      /Employment$/,
      /Experience/,
      /Available hours/,
      /Place of work/,
    ]) {
      expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('combobox', { name: /Available hours/ }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent?.trim()),
    ).toEqual(['', '4 hours', '8 hours', '12 hours', '16 hours', '20 hours']);
  });

  it('keeps the teacher sign-up button disabled until the agreement is ticked', async () => {
    const user = userEvent.setup();
    await renderRegister();
    const submit = await screen.findByRole('button', { name: 'Create the account' });
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Teacher account' }));
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /teacher agreement/ }));
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /teacher agreement/ }));
    expect(submit).toBeDisabled();
  });

  it('warns when the emails or the passwords do not match, and stops warning once they do', async () => {
    const user = userEvent.setup();
    await renderRegister();
    await user.type(await screen.findByLabelText(/^Email/, { selector: 'input' }), 'hala@demo.test');
    await user.type(field(/Confirm email/), 'hala@demo.tst');
    await user.tab();
    expect(await screen.findByText('The email addresses do not match')).toBeInTheDocument();
    await user.type(field(/^Password/), 'secret-123');
    await user.type(field(/Confirm password/), 'secret-124');
    await user.tab();
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();

    await user.clear(field(/Confirm email/));
    await user.type(field(/Confirm email/), 'hala@demo.test');
    await waitFor(() => expect(screen.queryByText('The email addresses do not match')).not.toBeInTheDocument());
    await user.clear(field(/^Password/));
    await user.type(field(/^Password/), 'secret-124');
    await waitFor(() => expect(screen.queryByText('The passwords do not match')).not.toBeInTheDocument());
  });

  it("turns the country list into a text field when 'Other' is chosen", async () => {
    const user = userEvent.setup();
    await renderRegister();
    await choose(user, /Country/, 'Other');
    const text = await screen.findByRole('textbox', { name: /Country/ });
    expect(screen.queryByRole('combobox', { name: /Country/ })).not.toBeInTheDocument();
    await user.type(text, 'Tunisia');
    expect(text).toHaveValue('Tunisia');
    await user.click(screen.getByRole('button', { name: 'Choose from the list' }));
    expect(await screen.findByRole('combobox', { name: /Country/ })).toBeInTheDocument();
  });

  it('signs a family up with POST /api/register and goes to /profile', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() =>
      json(
        {
          user: {
            id: 9,
            name: 'Hala',
            email: 'hala@demo.test',
            type: 0,
            roles: ['student'],
            permissions: ['access_courses'],
          },
          access_token: 'fam',
        },
        201,
      ),
    );
    await renderRegister();
    await user.type(await screen.findByLabelText(/^Name/, { selector: 'input' }), 'Hala');
    await choose(user, /Gender/, 'Mother');
    await user.type(field(/^Email/), 'Hala@Demo.test');
    await user.type(field(/Confirm email/), 'hala@demo.test');
    await user.type(field(/^Password/), 'secret-123');
    await user.type(field(/Confirm password/), 'secret-123');
    await choose(user, /Country/, 'Egypt');
    await user.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText('at /profile')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/register' });
    expect(calls[0].body).toMatchObject({
      type: 0,
      gender: 2,
      name: 'Hala',
      email: 'hala@demo.test',
      confirm_email: 'hala@demo.test',
      country: 'EG',
      password: 'secret-123',
    });
    expect(getToken()).toBe('fam');
  });

  it('when sign-up asks for the challenge (setting register_captcha), solves it and signs up with it', async () => {
    await useInProcessSolver();
    const server = challengeServer();
    const user = userEvent.setup();
    const calls = mockFetch(async (call) => {
      if (call.url === '/api/captcha') return json(await server.issue());
      if (!(await server.verify((call.body as { captcha?: string }).captcha)))
        return json(
          {
            message: 'Please wait for the check that you are a person, then send',
            key: 'app.public.challengeRequired',
            errors: { captcha: 'app.public.challengeRequired' },
          },
          400,
        );
      return json(
        {
          user: { id: 9, name: 'Hala', email: 'hala@demo.test', type: 0, roles: [], permissions: [] },
          access_token: 'fam',
        },
        201,
      );
    });
    await renderRegister();
    await user.type(await screen.findByLabelText(/^Name/, { selector: 'input' }), 'Hala');
    await choose(user, /Gender/, 'Mother');
    await user.type(field(/^Email/), 'hala@demo.test');
    await user.type(field(/Confirm email/), 'hala@demo.test');
    await user.type(field(/^Password/), 'secret-123');
    await user.type(field(/Confirm password/), 'secret-123');
    await choose(user, /Country/, 'Egypt');
    await user.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText('Please wait for the check that you are a person, then send')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Checked' }, { timeout: 10_000 })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText('at /profile', undefined, { timeout: 10_000 })).toBeInTheDocument();
    const sent = calls.filter((c) => c.url === '/api/register');
    expect(sent).toHaveLength(2);
    expect(sent[0].body).not.toHaveProperty('captcha');
    expect(sent[1].body).toMatchObject({ email: 'hala@demo.test', captcha: expect.any(String) });
  }, 60_000);

  it('shows the required messages when an empty form is sent, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json({}));
    await renderRegister();
    await user.click(await screen.findByRole('button', { name: 'Create the account' }));
    expect((await screen.findAllByText('This field is required')).length).toBeGreaterThanOrEqual(6);
    expect(calls).toHaveLength(0);
  });
});
