import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import LearnerResultReviewPage from '../../src/custom-pages/learner-results/LearnerResultReviewPage';
import { saveSession } from '../../src/session';
import { type Call, inAdmin, json, mockFetch } from './helpers';

/** /score/review/:exam_type/:id: the confirmation flow against a mocked API. */
const admin = {
  id: 1,
  name: 'Nadia Admin',
  email: 'admin@demo.test',
  type: 1,
  gender: 2,
  roles: ['admin'],
  permissions: ['access_neomi', 'admin_neomi'],
};
const teacher = { ...admin, id: 4, name: 'Tarek', roles: ['teacher'], permissions: ['access_neomi'] };
const confirmation = { confirmed_at: '2026-11-23T10:00:00.000Z', confirmed_by: 'Nadia Admin', outdated: false };

const scores = (state: typeof confirmation | null) => ({
  student: { id: 7, name: 'Yousef' },
  tests: [
    {
      exam_type: 1,
      fluency: 10,
      flexibility: 6,
      originality: 5,
      total: 21,
      confirmation: state,
      questions: [
        {
          question_id: 3,
          challenge: 1,
          stage: 1,
          text: { ar: 'ماذا يمكن أن تصنع من صندوق؟', en: 'What can you make from a box?' },
          fluency: 2,
          flexibility: 1,
          originality: 2,
          originality_per_answer: 1,
          takers: 5,
          scored_at: '2026-11-20T10:00:00.000Z',
          answers: [
            { id: 11, answer: 'قطة', status: 'relevant', category: 'حيوانات', subcategory: 'أليفة', points: 2 },
            { id: 12, answer: 'قطه', status: 'repeat', category: null, subcategory: null, points: null },
          ],
        },
      ],
    },
  ],
});

const renderPage = async (user: typeof admin, answer: (call: Call) => Response, locale: 'en' | 'ar' = 'en') => {
  saveSession('tok', user);
  const calls = mockFetch((call) => (call.url === '/api/me' ? json({ user }) : answer(call)));
  render(
    await inAdmin(
      <Routes>
        <Route path="/score/review/:exam_type/:id" element={<LearnerResultReviewPage />} />
      </Routes>,
      { locale, path: '/score/review/1/7' },
    ),
  );
  return calls;
};

describe('score review', () => {
  it('shows the totals and answers, confirms, says the translated message and shows the confirmation', async () => {
    let confirmed = false;
    const calls = await renderPage(
      admin,
      (call) => {
        if (call.url === '/api/confirm/score') {
          confirmed = true;
          return json({ message: 'The score has been confirmed', key: 'app.reports.scoreConfirmed', confirmation });
        }
        if (call.url === '/api/answers/get/user/exam/score') return json(scores(confirmed ? confirmation : null));
        return json({});
      },
      'ar',
    );
    expect(await screen.findByText('لم تُؤكَّد هذه الدرجات بعد.')).toBeInTheDocument();
    expect(screen.getByText('قطة')).toBeInTheDocument();
    expect(screen.getByText('مكررة')).toBeInTheDocument();
    expect(within(screen.getByTestId('score-totals')).getByText('21')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'تأكيد الدرجة' }));
    expect(await screen.findByText('تم تأكيد الدرجة')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('confirmation').getAttribute('data-state')).toBe('confirmed'));
    expect(calls.find((c) => c.url === '/api/confirm/score')?.body).toEqual({ student_id: 7, exam_type: 1 });
    expect(screen.getByRole('button', { name: 'تأكيد الدرجة' })).toBeDisabled();
  });

  it("says the server's 409 (not scored) in the user's language and changes nothing", async () => {
    await renderPage(admin, (call) => {
      if (call.url === '/api/confirm/score')
        return json({ message: 'This test has not been scored yet', key: 'app.reports.notScored' }, 409);
      if (call.url === '/api/answers/get/user/exam/score') return json(scores({ ...confirmation, outdated: true }));
      return json({});
    });
    expect(await screen.findByText(/rescoring has changed the scores since/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm score' }));
    expect(await screen.findByText('This test has not been scored yet')).toBeInTheDocument();
    expect(screen.getByTestId('confirmation').getAttribute('data-state')).toBe('outdated');
  });

  it('sends the report to the family and says a 409 (no family account) as the server meant it', async () => {
    const calls = await renderPage(teacher, (call) => {
      if (call.url === '/api/report') return json({ message: 'x', key: 'app.reports.noFamily' }, 409);
      if (call.url === '/api/answers/get/user/exam/score') return json(scores(null));
      return json({});
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send report to family' }));
    expect(await screen.findByText('This learner has no family account to send the report to')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/report')?.body).toEqual({ student_id: 7, exam_type: 1 });
    // without admin_neomi there is no confirmation button; the report link is there
    expect(screen.queryByRole('button', { name: 'Confirm score' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the report' }).getAttribute('href')).toBe('/report/7/1');
  });
});
