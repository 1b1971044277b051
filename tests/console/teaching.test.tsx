import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider } from 'react-admin';
import { courseForm } from '../../src/dataProvider/teaching';
import { GroupActivities } from '../../src/resources/groups/GroupActivities';
import { GroupInfoCard, HIDDEN_GROUP_KEYS } from '../../src/resources/groups/GroupInfoCard';
import { ToggleExamButton } from '../../src/resources/groups/ToggleExamButton';
import { saveSession } from '../../src/session';
import { inAdmin, json, mockFetch } from './helpers';

const teacher = {
  id: 4,
  name: 'Tarek',
  email: 'teacher@demo.test',
  type: 1,
  gender: 1,
  roles: ['teacher'],
  permissions: ['access_group'],
};
const group = {
  id: 7,
  name: 'Drawing B',
  disabled: false,
  promo_code: 'DRAWB2',
  days: [1, 3],
  course_id: 2,
  course_name: 'Creative Drawing',
  course_image: null,
  teacher_id: 4,
  teacher_details: { id: 4, name: 'Tarek Teacher', photo: null, gender: 1 },
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-02T00:00:00Z',
  search_text: 'drawing b drawb2',
  start_from: '2025-09-08',
  end_at: null,
  age_group: 5,
  age_class: null,
  grade: 1,
  school: 'Nile Creative School',
  school_id: 1,
  country: 'EG',
  city: 'Cairo',
  zoom_link: null,
  gender: 0,
  about_me: null,
  status: 1,
  students_count: 2,
};

describe('group exam toggle (docs/PRODUCT.md §8 "Group exam switch messages")', () => {
  beforeEach(() => saveSession('tok', teacher));

  it('says the exact success message and calls POST /groups/{id}/toggle', async () => {
    const calls = mockFetch((call) =>
      call.url === '/api/groups/7/toggle'
        ? json({ group_id: 7, group_disabled: true, key: 'app.teaching.groupExamUpdated' })
        : json({}),
    );
    render(
      await inAdmin(
        <RecordContextProvider value={group}>
          <ToggleExamButton />
        </RecordContextProvider>,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Turn the group exam off' }));
    expect(await screen.findByText('Group exam status has been updated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/groups/7/toggle')?.method).toBe('POST');
  });

  it('says the exact failure message when the call fails, whatever the server said', async () => {
    mockFetch((call) =>
      call.url === '/api/groups/7/toggle'
        ? json({ message: 'Internal Server Error', key: 'app.errors.internal' }, 500)
        : json({}),
    );
    render(
      await inAdmin(
        <RecordContextProvider value={group}>
          <ToggleExamButton />
        </RecordContextProvider>,
        { locale: 'ar' },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'إيقاف اختبار المجموعة' }));
    expect(await screen.findByText('تعذّر تحديث حالة اختبار المجموعة. يرجى المحاولة مرة أخرى.')).toBeInTheDocument();
  });
});

describe('group info card', () => {
  it('shows the group as key/value pairs without id, course_id, created_at, updated_at, search_text, teacher_id', async () => {
    mockFetch(() => json({}));
    render(
      await inAdmin(
        <RecordContextProvider value={group}>
          <GroupInfoCard />
        </RecordContextProvider>,
      ),
    );
    const table = await screen.findByRole('table', { name: 'Group information' });
    const text = table.textContent ?? '';
    expect(text).toContain('Monday');
    expect(text).toContain('Wednesday');
    expect(text).toContain('Tarek Teacher');
    expect(text).toContain('All ages');
    expect(text).toContain('DRAWB2');
    expect(text).not.toContain('drawing b drawb2');
    for (const key of HIDDEN_GROUP_KEYS) expect(text).not.toContain(`resources.groups.fields.${key}`);
    expect(screen.queryByText('Search text')).toBeNull();
    expect(screen.queryByText('Created')).toBeNull();
    expect(screen.queryByText('ID')).toBeNull();
  });
});

describe('course form', () => {
  it('sends languages as "ar,en" and the chosen picture as image', () => {
    const file = new File(['x'], 'cover.png', { type: 'image/png' });
    const form = courseForm({
      name: 'C',
      description: 'D',
      age_group: 5,
      languages: ['ar', 'en'],
      start_date: '2026-01-01',
      end_date: '2026-02-01',
      image_file: { rawFile: file },
      image: '/api/files/courses/x.png',
    });
    expect(form.get('languages')).toBe('ar,en');
    expect(form.get('image')).toBe(file);
    expect(form.get('status')).toBeNull();
  });
});

describe('the group page\'s activities (docs/PRODUCT.md §2 "Group detail")', () => {
  const handedIn = {
    id: 31,
    child_id: 9,
    child_name: 'Hala',
    group_id: 7,
    title: 'My house',
    status: 1,
    badge_id: 1,
    grade: 80,
    created_at: '2026-11-20T10:00:00Z',
  };
  const answer = (deleteStatus: number) => (call: { method: string; url: string }) => {
    if (call.url.startsWith('/api/evaluation/activity')) return json({ activities: [handedIn], count: 1 });
    if (call.method === 'DELETE')
      return deleteStatus === 200
        ? json({ message: 'Activity deleted', key: 'app.notify.activityDeleted' })
        : json(
            {
              message: 'This activity has been evaluated: it can no longer be deleted',
              key: 'app.activities.notDeletable',
            },
            deleteStatus,
          );
    return json({});
  };
  const renderIt = async (locale: 'en' | 'ar' = 'en') =>
    render(
      await inAdmin(
        <RecordContextProvider value={group}>
          <GroupActivities />
        </RecordContextProvider>,
        { locale },
      ),
    );
  beforeEach(() => saveSession('tok', teacher));

  it("lists the group's activities with the child, and deletes one only after the confirmation", async () => {
    const calls = mockFetch(answer(200));
    await renderIt();
    const table = await screen.findByRole('table', { name: 'Activities handed in' });
    expect(within(table).getByText('Hala')).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/evaluation/activity'))?.body).toMatchObject({ group_id: 7 });
    await userEvent.click(within(table).getByRole('button', { name: 'Delete: My house' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete “My house”?')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Activity deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/evaluation/delete/31');
  });

  it('cancelling deletes nothing; a refusal shows its translated message (Arabic)', async () => {
    const calls = mockFetch(answer(409));
    await renderIt('ar');
    const table = await screen.findByRole('table', { name: 'الأنشطة المسلَّمة' });
    await userEvent.click(within(table).getByRole('button', { name: 'حذف: My house' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(table).getByRole('button', { name: 'حذف: My house' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText('تم تقييم هذا النشاط: لم يعد حذفه ممكنًا')).toBeInTheDocument();
  });
});
