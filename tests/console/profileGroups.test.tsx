import { render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import ExamsPage from '../../src/custom-pages/exam-analytics/ExamsPage';
import { ProfileView } from '../../src/custom-pages/profile/ProfileView';
import { saveSession } from '../../src/session';
import { inAdmin, json, mockFetch, type Call } from './helpers';

/**
 * A teacher's groups on the profile (docs/PRODUCT.md §2 "Profile"): read with POST /groups/my_groups naming the
 * teacher (the server keeps it to the caller's scope), each group with a link to its students and a button to its test
 * answers; a family sees no groups table.
 */
const teacher = {
  id: 4,
  name: 'Tarek Teacher',
  email: 'teacher@demo.test',
  type: 1,
  gender: 1,
  photo: null,
  roles: ['teacher'],
  permissions: ['access_courses', 'access_group', 'access_neomi'],
};
const family = { ...teacher, id: 3, name: 'Mona Family', type: 0, roles: ['student'], permissions: [] };
const group = (id: number, name: string) => ({
  id,
  name,
  course_name: 'Creative Drawing',
  students_count: 3,
  status: 1,
  teacher_id: 4,
});

const answer = (me: object) => (call: Call) => {
  const url = new URL(call.url, 'http://localhost');
  if (url.pathname === '/api/me') return json({ user: me });
  if (url.pathname === '/api/groups/my_groups')
    return json({ groups: [group(7, 'Drawing A'), group(8, 'Stories 1')], count: 2 });
  return json({ children: [], count: 0 });
};

describe("the teacher's groups on the profile", () => {
  it('lists its own groups with a students link and an answers button each', async () => {
    saveSession('tok', teacher);
    const calls = mockFetch(answer(teacher));
    render(await inAdmin(<ProfileView />, { path: '/profile' }));
    const table = await screen.findByRole('table', { name: 'My groups' });
    expect(within(table).getByText('Drawing A')).toBeInTheDocument();
    expect(within(table).getAllByText('Active', { selector: 'td' })).toHaveLength(2);
    expect(within(table).getByRole('link', { name: 'Students of Drawing A' })).toHaveAttribute(
      'href',
      '/groups/7/show',
    );
    expect(within(table).getByRole('link', { name: 'Test answers of Stories 1' })).toHaveAttribute(
      'href',
      '/exams?group_id=8',
    );
    const list = calls.find((c) => c.url.startsWith('/api/groups/my_groups'));
    expect(list?.body).toMatchObject({ teacher_id: 4 });
  });

  it('in Arabic: the table, its links and buttons are named in Arabic', async () => {
    saveSession('tok', teacher);
    mockFetch(answer(teacher));
    render(await inAdmin(<ProfileView />, { path: '/profile', locale: 'ar' }));
    const table = await screen.findByRole('table', { name: 'مجموعاتي' });
    expect(within(table).getByRole('link', { name: 'طلاب Drawing A' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'إجابات اختبار Drawing A' })).toBeInTheDocument();
  });

  it('a family sees no groups table and asks for no groups', async () => {
    saveSession('tok', family);
    const calls = mockFetch(answer(family));
    render(await inAdmin(<ProfileView />, { path: '/profile' }));
    expect(await screen.findByRole('heading', { name: 'Children' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'My groups' })).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/groups/my_groups'))).toBe(false);
  });
});

describe("the answers button's page: /exams?group_id=", () => {
  const learner = (id: number, name: string) => ({ id, name, exams: [] });
  const examAnswer = (call: Call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/me') return json({ user: teacher });
    if (url.pathname === '/api/answers/get/neomi/exam/groups/user')
      return json({
        groups: [
          { id: 7, name: 'Drawing A', course_id: 2, students: [learner(1, 'Hala')] },
          { id: 8, name: 'Stories 1', course_id: 2, students: [learner(2, 'Omar')] },
        ],
      });
    return json({ students: [learner(3, 'Own child')] });
  };
  const renderAt = async (path: string) =>
    render(
      await inAdmin(
        <Routes>
          <Route path="/exams" element={<ExamsPage />} />
        </Routes>,
        { path },
      ),
    );

  it("shows that group's learners only, with a way back to every group", async () => {
    saveSession('tok', teacher);
    mockFetch(examAnswer);
    await renderAt('/exams?group_id=8');
    expect(await screen.findByText('Omar')).toBeInTheDocument();
    expect(screen.queryByText('Hala')).toBeNull();
    expect(screen.queryByText('Own child')).toBeNull();
    expect(screen.getByRole('link', { name: 'Every group' })).toHaveAttribute('href', '/exams');
  });

  it('without it, every group and the own children', async () => {
    saveSession('tok', teacher);
    mockFetch(examAnswer);
    await renderAt('/exams');
    expect(await screen.findByText('Omar')).toBeInTheDocument();
    expect(screen.getByText('Hala')).toBeInTheDocument();
    expect(screen.getByText('Own child')).toBeInTheDocument();
  });
});
