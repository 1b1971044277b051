import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StudentDetailsPage from '../../src/custom-pages/student-details/StudentDetailsPage';
import { saveSession } from '../../src/session';
import type { AppLocale } from '../../src/i18n/locales';
import { inAdmin, json, mockFetch, type Call } from './helpers';

/**
 * The family's archive on the child's page (/student-details/:id): the child's own family has a button that
 * downloads everything held about the child as one zip (GET /api/children/{id}/archive?lang=, docs/API.md "Users"),
 * its summary in the console's language; a teacher looking at the same child has no such button.
 */
const family = {
  id: 3,
  name: 'Mona Family',
  email: 'family@demo.test',
  type: 0,
  gender: 2,
  roles: ['student'],
  permissions: [],
};
const teacher = {
  id: 4,
  name: 'Tarek',
  email: 'teacher@demo.test',
  type: 1,
  gender: 1,
  roles: ['teacher'],
  permissions: ['activities.evaluate', 'access_group'],
};
const details = {
  child: {
    id: 9,
    name: 'Hala',
    parent_id: 3,
    parent_name: 'Mona Family',
    gender: 2,
    birthdate: '2017-04-04',
    country: 'EG',
    city: null,
    language: 'ar',
    second_language: null,
    about_me: null,
    image: null,
  },
  groups: [],
  certificates: [],
  activities: { total: 0, by_status: {}, badges: 0 },
};
const zipBytes = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

const answer = (me: object) => (call: Call) => {
  const url = new URL(call.url, 'http://localhost');
  if (url.pathname === '/api/me') return json({ user: me });
  if (url.pathname === '/api/student/details/9') return json(details);
  if (url.pathname === '/api/children/9/archive')
    return new Response(zipBytes, { status: 200, headers: { 'Content-Type': 'application/zip' } });
  return json({ activities: [], count: 0 });
};

const renderPage = async (locale: AppLocale = 'en') =>
  render(
    await inAdmin(
      <Routes>
        <Route path="/student-details/:id" element={<StudentDetailsPage />} />
      </Routes>,
      { locale, path: '/student-details/9' },
    ),
  );

describe("the child's archive button", () => {
  let saved: string[];
  beforeEach(() => {
    saved = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:archive'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it("downloads the zip of the family's own child, in the console's language", async () => {
    saveSession('tok', family);
    const calls = mockFetch(answer(family));
    await renderPage('en');
    // named by the text it shows (WCAG 2.5.3 Label in Name), described by its help
    const button = await screen.findByRole('button', {
      name: 'Download everything (zip)',
      description: 'Download everything held about Hala: profile, activities, tests, scores and files, as one zip file',
    });
    await userEvent.click(button);
    await waitFor(() => expect(saved).toEqual(['Hala-9-neomi.zip']));
    const download = calls.find((c) => c.url.includes('/archive'))!;
    expect(download.method).toBe('GET');
    expect(new URL(download.url, 'http://localhost').pathname).toBe('/api/children/9/archive');
    expect(new URL(download.url, 'http://localhost').searchParams.get('lang')).toBe('en');
    expect(download.headers.get('authorization')).toBe('Bearer tok');
  });

  it('is in Arabic for an Arabic console', async () => {
    saveSession('tok', family);
    const calls = mockFetch(answer(family));
    await renderPage('ar');
    const button = await screen.findByRole('button', {
      name: 'تنزيل كل البيانات (zip)',
      description: /تنزيل كل ما يُحفظ عن Hala/,
    });
    await userEvent.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    const download = calls.find((c) => c.url.includes('/archive'))!;
    expect(new URL(download.url, 'http://localhost').searchParams.get('lang')).toBe('ar');
  });

  it('is not offered to a teacher looking at the same child', async () => {
    saveSession('tok', teacher);
    mockFetch(answer(teacher));
    await renderPage('en');
    expect(await screen.findByRole('heading', { name: 'Hala', level: 1 })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Send the report to the family' });
    expect(screen.queryByRole('button', { name: /Download everything/ })).toBeNull();
  });
});
