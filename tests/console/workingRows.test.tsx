import { act, fireEvent, render, screen } from '@testing-library/react';
import { useNotify } from 'react-admin';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TIMEOUT_MS } from '../../domain/codes';
import { UserAvatar, defaultAvatar } from '../../src/components/UserAvatar';
import ExamLandingPage from '../../src/custom-pages/guests/ExamLandingPage';
import ResultsPage from '../../src/custom-pages/guests/ResultsPage';
import { RouteEffects } from '../../src/layout/RouteEffects';
import female from '../../src/assets/avatar-female.svg';
import male from '../../src/assets/avatar-male.svg';
import { inAdmin, json, mockFetch } from './helpers';

/**
 * Rows of the specification that worked without a test holding them (issue 20): the scroll to the top after each
 * navigation, the /results and /exam-page contents, the default avatars by gender, notifications for 5 s at the top
 * right. (Send buttons busy while a stage is in flight: tests/console/examTimeOver.test.tsx.)
 */
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const Where = () => <output data-testid="where">{useLocation().pathname}</output>;

describe('after each navigation the page scrolls to the top (docs/PRODUCT.md §2 "Navigation")', () => {
  it('scrolls to 0, 0 on the first page and again on every new address', async () => {
    mockFetch(() => json({ user: null }));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      await inAdmin(
        <>
          <RouteEffects />
          <Link to="/groups">groups</Link>
          <Link to="/courses">courses</Link>
          <Where />
        </>,
        { path: '/overview' },
      ),
    );
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
    fireEvent.click(screen.getByRole('link', { name: 'groups' }));
    expect(await screen.findByText('/groups')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('link', { name: 'courses' }));
    expect(await screen.findByText('/courses')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(3);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
  });
});

describe('the guests\' public pages (docs/PRODUCT.md §2 "Public pages")', () => {
  const at = async (path: string, locale: 'en' | 'ar' = 'en') =>
    render(
      await inAdmin(
        <Routes>
          <Route path="/exam-page" element={<ExamLandingPage />} />
          <Route path="/results" element={<ResultsPage />} />
          <Route path="*" element={<Where />} />
        </Routes>,
        { path, locale },
      ),
    );

  it('/exam-page: the title, its words and three buttons: the test, the reports, a report link', async () => {
    await at('/exam-page');
    expect(screen.getByRole('heading', { name: 'Neomi creativity test' })).toBeInTheDocument();
    expect(screen.getByText('A short creativity test of drawings and ideas, in your language.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start the test' })).toHaveAttribute('href', '/guest-register');
    expect(screen.getByRole('link', { name: "Learners' reports" })).toHaveAttribute('href', '/exam/guests');
    expect(screen.getByRole('link', { name: 'I have a report link' })).toHaveAttribute('href', '/results');
    fireEvent.click(screen.getByRole('link', { name: 'Start the test' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/guest-register');
  });

  it('/exam-page in Arabic: the same buttons, in Arabic, right-to-left', async () => {
    await at('/exam-page', 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual(expect.arrayContaining(['/guest-register', '/exam/guests', '/results']));
    expect(screen.queryByText('Start the test')).toBeNull();
  });

  it('/results: a report link field; open stays off until a link is typed, then opens that report', async () => {
    await at('/results');
    expect(screen.getByRole('heading', { name: 'Your results' })).toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Open the report' });
    expect(open).toBeDisabled();
    const field = screen.getByRole('textbox', { name: 'Report link or code' });
    fireEvent.change(field, { target: { value: 'not a link' } });
    expect(screen.getByText('This is not a report link')).toBeInTheDocument();
    expect(open).toBeDisabled();
    const token = 'Ab3dEf6hIj9kLm2nOp5qRs8t';
    fireEvent.change(field, { target: { value: `https://academy.example/guest-report/${token}` } });
    expect(open).toBeEnabled();
    fireEvent.click(open);
    expect(await screen.findByTestId('where')).toHaveTextContent(`/guest-report/${token}`);
  });
});

describe('default avatars by gender (docs/PRODUCT.md §2 "Card layout")', () => {
  it('female for gender 2 (number or text), male otherwise, and the photo when there is one', async () => {
    expect(defaultAvatar(2)).toBe(female);
    expect(defaultAvatar('2')).toBe(female);
    for (const other of [1, '1', 0, null, undefined]) expect(defaultAvatar(other)).toBe(male);
    expect(female).not.toBe(male);
    render(
      await inAdmin(
        <>
          <UserAvatar name="Mona" gender={2} photo={null} />
          <UserAvatar name="Tarek" gender={1} photo={null} />
        </>,
      ),
    );
    expect(screen.getByRole('img', { name: 'Mona' })).toHaveAttribute('src', female);
    expect(screen.getByRole('img', { name: 'Tarek' })).toHaveAttribute('src', male);
  });
});

describe('notifications: 5 s, top right (docs/PRODUCT.md §9 "Time")', () => {
  const Notifier = () => {
    const notify = useNotify();
    return <button onClick={() => notify('app.notify.groupDeleted', { type: 'success' })}>notify</button>;
  };

  it('shows at the top right and goes after 5000 ms, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(await inAdmin(<Notifier />));
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    const message = await screen.findByText('Group deleted');
    const snackbar = message.closest('.MuiSnackbar-root');
    expect(snackbar).toHaveClass('MuiSnackbar-anchorOriginTopRight');
    expect(NOTIFICATION_TIMEOUT_MS).toBe(5000);
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATION_TIMEOUT_MS - 200));
    expect(screen.getByText('Group deleted')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    // then the snackbar's exit transition
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText('Group deleted')).toBeNull();
  });
});
