import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TempRegisterPage from '../../src/custom-pages/guests/TempRegisterPage';
import { guestReportOf } from '../../src/custom-pages/guests/guestReportLink';
import { getToken, saveSession } from '../../src/session';
import { LightApp } from '../../src/signin/LightApp';
import { type Call, i18nFor, inAdmin, json, mockFetch } from './helpers';

/** What POST /temp/register answers (server/routes/exams/guests.ts guestSignUpOut). */
const registered = (gender: number | null) => ({
  user: { id: 9, name: 'Salma', email: null, type: 3, roles: [], permissions: [] },
  access_token: 'guest-token',
  student: { id: 42, name: 'Salma', gender, birthdate: null, language: null, school_id: null },
  report_link: 'https://academy.example/guest-report/abcdefghijklmnopqrstu',
});

/** The light app at /guest-register, as main.tsx starts it for a first visit there; `leave` hands over. */
const renderGuestRegister = async (locale: 'en' | 'ar') => {
  window.history.replaceState(null, '', '/guest-register');
  const leave = vi.fn(() => Promise.resolve());
  render(<LightApp i18nProvider={await i18nFor(locale)} leave={leave} />);
  return leave;
};

describe("a guest's sign-up (src/signin/GuestSignUpForm.tsx)", () => {
  it('at /guest-register in the light app: signs the guest up, keeps the session and the report link, speaks to a girl as one, and hands the test over', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() => json(registered(2), 201));
    const leave = await renderGuestRegister('ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'بدء الاختبار كضيف' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^الاسم/, { selector: 'input' }), 'سلمى');
    await user.click(screen.getByRole('combobox', { name: /^الجنس/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'بنت' }));
    await user.type(screen.getByLabelText(/^رقم الجوال/, { selector: 'input' }), '0100 555 0123');
    await user.click(screen.getByRole('button', { name: 'تسجيل' }));
    expect(await screen.findByText('تم تسجيلكِ بنجاح!')).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.url])).toEqual([['POST', '/api/temp/register']]);
    expect(calls[0].body).toEqual({ name: 'سلمى', gender: 2, mobile_no: '0100 555 0123' });
    expect(getToken()).toBe('guest-token');
    expect(guestReportOf(42)).toBe(registered(2).report_link);
    expect(screen.getByRole('textbox', { name: 'رابط التقرير' })).toHaveValue(registered(2).report_link);
    expect(leave).not.toHaveBeenCalled();
    // the test is the public app's page: the light app goes there and hands over
    await user.click(screen.getByRole('button', { name: 'ابدئي الاختبار' }));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/start-exam/1/42');
  });

  it("judges with the domain's schema before calling, and puts the server's field error on its field", async () => {
    const user = userEvent.setup();
    const calls = mockFetch(() =>
      json(
        { message: 'Invalid value', key: 'app.validation.invalid', errors: { name: 'app.validation.invalid' } },
        400,
      ),
    );
    const leave = await renderGuestRegister('en');
    const mobile = await screen.findByLabelText(/^Mobile number/, { selector: 'input' });
    // tempRegisterSchema: a mobile number of at most 30 characters
    await user.type(mobile, '0'.repeat(31));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(mobile).toHaveAttribute('aria-invalid', 'true'));
    expect(calls).toEqual([]);
    await user.clear(mobile);
    await waitFor(() => expect(mobile).toHaveAttribute('aria-invalid', 'false'));
    const name = screen.getByLabelText(/^Name/, { selector: 'input' });
    await user.type(name, 'Salma');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.map((c) => c.url)).toEqual(['/api/temp/register']);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(leave).not.toHaveBeenCalled();
  });

  it("at /temp/register, a signed-in teacher registers a pupil into one of their groups and keeps the teacher's session", async () => {
    const user = userEvent.setup();
    saveSession('teacher-token', { id: 3, name: 'Teacher', email: 't@demo.test', type: 1, roles: [], permissions: [] });
    const calls = mockFetch((call: Call) =>
      call.url.includes('/groups/')
        ? json({ groups: [{ id: 7, name: 'Falcons', course_id: null, students: [] }] })
        : json(registered(1), 201),
    );
    render(await inAdmin(<TempRegisterPage />, { path: '/temp/register' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Register a test-taker' })).toBeInTheDocument();
    // a pupil's birth date and group, not a guest's academic number and mobile
    expect(screen.queryByLabelText(/^Mobile number/, { selector: 'input' })).toBeNull();
    await user.type(screen.getByLabelText(/^Name/, { selector: 'input' }), 'Omar');
    await user.type(screen.getByLabelText(/^Birth date/, { selector: 'input' }), '2016-03-04');
    await user.click(await screen.findByRole('combobox', { name: /^Group/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Falcons' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('You are registered!')).toBeInTheDocument();
    expect(calls.at(-1)!.body).toEqual({ name: 'Omar', birthdate: '2016-03-04', group_id: 7 });
    expect(calls.at(-1)!.headers.get('Authorization')).toBe('Bearer teacher-token');
    expect(getToken()).toBe('teacher-token');
    expect(guestReportOf(42)).toBe(registered(1).report_link);
  });
});
