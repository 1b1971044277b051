import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_ROLES } from '../../domain/permissions';
import { App } from '../../src/App';
import { saveSession } from '../../src/session';
import { type Call, i18nFor, json, mockFetch } from './helpers';

const admin = {
  id: 1,
  name: 'Admin',
  email: 'admin@demo.test',
  type: 1,
  gender: 1,
  roles: ['admin'],
  permissions: [...DEFAULT_ROLES.admin],
};
const activity = (id: number) => ({
  id,
  child_id: 5,
  child_name: 'يوسف',
  parent_id: 3,
  group_id: 2,
  group_name: 'الرسم',
  course_id: 1,
  course_name: 'الفن',
  lesson_activity_id: null,
  previous_id: null,
  title: `نجمة ${id}`,
  message: null,
  image: null,
  thumb: null,
  status: 0,
  feedback: null,
  rate: null,
  teacher_rate: null,
  grade: null,
  badge_id: 1,
  originality: null,
  fluency: null,
  flexibility: null,
  activity_score: null,
  teacher_id: null,
  teacher_name: null,
  evaluated_at: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
});

/** The server counts a search's matches only up to its cap (docs/api/activities.md): the list pages on without a total. */
describe('activities list, a search with more matches than the server counts', () => {
  it('shows "more than" in Arabic and pages forward with next, asking for the next offset', async () => {
    saveSession('tok', admin);
    window.history.pushState({}, '', '/activities');
    const calls = mockFetch((call: Call) => {
      if (call.url === '/api/me') return json({ user: admin });
      if (call.url === '/api/evaluation/activity') {
        const { offset = 0, search_text: search } = call.body as { offset?: number; search_text?: string };
        const rows = Array.from({ length: 10 }, (_, i) => activity(600 - offset - i));
        return json(
          search
            ? { activities: rows, count: 500, count_capped: true }
            : { activities: rows, count: 12, count_capped: false },
        );
      }
      return json({});
    });
    render(<App i18nProvider={await i18nFor('ar')} />);
    await screen.findByText('1-10 من 12', {}, { timeout: 5000 });
    await userEvent.type(screen.getByPlaceholderText('ابحث في العناوين'), 'نجمة');
    await screen.findByText('1-10 من أكثر من 10', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'الانتقال إلى الصفحة التالية' }));
    await screen.findByText('11-20 من أكثر من 20', {}, { timeout: 5000 });
    const listed = calls.filter((c) => c.url === '/api/evaluation/activity').map((c) => c.body);
    expect(listed[0]).toEqual({ limit: 10, offset: 0, order_by: 'id', order_direction: 'desc' }); // newest first
    await waitFor(() =>
      expect(
        calls.some((c) => c.url === '/api/evaluation/activity' && (c.body as { offset?: number }).offset === 10),
      ).toBe(true),
    );
  });
});
