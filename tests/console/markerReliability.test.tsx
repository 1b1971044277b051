import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import MarkerReliabilityPage from '../../src/custom-pages/marker-reliability/MarkerReliabilityPage';
import { saveSession } from '../../src/session';
import { type Call, inAdmin, json, mockFetch } from './helpers';

/** /marking-admin/reliability against a mocked API: the tables, the drifting marker flagged, the spreadsheet. */
const admin = {
  id: 1,
  name: 'Nadia Admin',
  email: 'admin@demo.test',
  type: 1,
  gender: 2,
  roles: ['admin'],
  permissions: ['admin_neomi'],
};
const cohorts = {
  cohorts: [
    { id: '2-3-2025', exam_type: 2, challenge: 3, year: 2025, label: '2025/26', double_marked: 3 },
    { id: '1-2-2026', exam_type: 1, challenge: 2, year: 2026, label: '2026/27', double_marked: 20 },
  ],
};
const interval = (value: number, lower: number, upper: number, se?: number) => ({
  value,
  lower,
  upper,
  ...(se === undefined ? {} : { se }),
});
const criterion = (key: string, max: number, icc: number | null) => ({
  key,
  max,
  tests: 20,
  drawings: 60,
  exact: 0.5,
  icc: icc === null ? null : interval(icc, icc - 0.1, icc + 0.05),
  kappa_quadratic: icc === null ? null : interval(icc - 0.002, icc - 0.12, icc + 0.06, 0.04),
  kappa_linear: icc === null ? null : interval(icc - 0.1, icc - 0.2, icc, 0.05),
});
const keys = ['originality', 'elaboration', 'closure', 'title', 'total'];
const marker = (id: number, name: string, deviations: number[], flagged: boolean[]) => ({
  marker_id: id,
  name,
  tests: 13,
  criteria: keys.map((key, i) => ({
    key,
    drawings: 39,
    mean_deviation: deviations[i],
    mean_absolute_deviation: Math.abs(deviations[i]),
    threshold: 0.45,
    flagged: flagged[i],
  })),
  flagged: flagged.some(Boolean),
});
const report = {
  cohort: cohorts.cohorts[1],
  double_marked: 20,
  drift: { min_tests: 5, share: 0.15 },
  criteria: [
    criterion('originality', 3, 0.722),
    criterion('elaboration', 3, 0.806),
    criterion('closure', 2, 0.85),
    criterion('title', 2, null),
    criterion('total', 10, 0.961),
  ],
  markers: [
    marker(4, 'Mona Marker', [-0.385, 0.192, 0.26, -0.1, -0.02], [false, false, false, false, false]),
    marker(9, 'Tarek Marker', [0.744, -0.538, -0.28, -0.03, -0.1], [true, true, false, false, false]),
  ],
};

const renderPage = async (answer?: (call: Call) => Response | undefined) => {
  saveSession('tok', admin);
  const calls = mockFetch((call) => {
    const own = answer?.(call);
    if (own) return own;
    if (call.url === '/api/me') return json({ user: admin });
    if (call.url === '/api/marking/reliability/cohorts') return json(cohorts);
    if (call.url.startsWith('/api/marking/reliability?')) return json(report);
    if (call.url.startsWith('/api/marking/reliability/export?'))
      return new Response(new Blob(['xlsx']), { headers: { 'content-type': 'application/octet-stream' } });
    return json({});
  });
  render(
    await inAdmin(
      <Routes>
        <Route path="/marking-admin/reliability" element={<MarkerReliabilityPage />} />
      </Routes>,
      { locale: 'ar', path: '/marking-admin/reliability' },
    ),
  );
  return calls;
};

describe('marker reliability', () => {
  it('opens the cohort with the most tests marked twice and shows its agreement and its markers in Arabic', async () => {
    const calls = await renderPage();
    await screen.findByRole('heading', { level: 1, name: 'ثبات التصحيح بين المصححين' });
    const table = await screen.findByRole('table', { name: 'الاتفاق في كل معيار' });
    expect(calls.some((c) => c.url === '/api/marking/reliability?cohort=1-2-2026')).toBe(true);
    expect(screen.getByTestId('reliability-summary')).toHaveTextContent('20 اختبارًا مصحَّحًا مرتين · 60 رسمة مقارنة');
    // the text as read (without the direction marks and isolates around numbers in Arabic)
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent!.replace(/[\u200e\u200f\u2066-\u2069]/g, ''));
    const originality = within(table).getByRole('rowheader', { name: 'الأصالة' }).closest('tr')!;
    expect(cells(originality)).toEqual([
      '60',
      '50%',
      '0.722 [0.622 إلى 0.772]',
      '0.720 [0.602 إلى 0.782]',
      '0.622 [0.522 إلى 0.722]',
    ]);
    // nothing varied on the title: not defined, said so
    const title = within(table).getByRole('rowheader', { name: 'العنوان' }).closest('tr')!;
    expect(cells(title).slice(2)).toEqual(['غير محدد', 'غير محدد', 'غير محدد']);

    const markers = screen.getByRole('table', { name: 'المصححون مقارنة بالإجماع' });
    const tarek = within(markers).getByRole('rowheader', { name: 'Tarek Marker' }).closest('tr')!;
    expect(cells(tarek)).toEqual([
      '13',
      '+0.744',
      '-0.538',
      '-0.280',
      '-0.030',
      '-0.100',
      'منجرف في: الأصالة والتفاصيل',
    ]);
    expect(tarek.querySelectorAll('td[data-flagged="true"]')).toHaveLength(2);
    const mona = within(markers).getByRole('rowheader', { name: 'Mona Marker' }).closest('tr')!;
    expect(cells(mona).at(-1)).toBe('ضمن الحد');
    expect(
      screen.getByText('الإجماع في كل تصحيح هو متوسط التصحيحات الأخرى للرسمة نفسها.', { exact: false }),
    ).toHaveTextContent('على 5 اختبارات مصحَّحة مرتين على الأقل، عن 15% من مدى درجات المعيار');
    // both charts are there, titled
    expect(
      screen.getByRole('region', { name: 'ICC وكابا التربيعية في كل معيار، مع فترات الثقة 95%' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'متوسط الانحراف عن الإجماع: مجموع الرسمة' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'الأصالة' }));
    expect(screen.getByRole('region', { name: 'متوسط الانحراف عن الإجماع: الأصالة' })).toBeInTheDocument();
  });

  it('changes cohort and downloads the spreadsheet in the page’s language', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const calls = await renderPage();
    await screen.findByRole('table', { name: 'الاتفاق في كل معيار' });
    await userEvent.click(screen.getByRole('combobox', { name: 'الفوج' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'الاختبار البعدي · التحدي الثالث · 2025/26 · 3 اختبارات مصحَّحة مرتين' }),
    );
    await waitFor(() => expect(calls.some((c) => c.url === '/api/marking/reliability?cohort=2-3-2025')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'تنزيل جدول البيانات' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/marking/reliability/export?cohort=2-3-2025&locale=ar')).toBe(true),
    );
  });

  it('says where to start when no test has been marked twice', async () => {
    await renderPage((call) => (call.url === '/api/marking/reliability/cohorts' ? json({ cohorts: [] }) : undefined));
    expect(await screen.findByText('لم يُصحَّح أي اختبار مرتين بعد.', { exact: false })).toBeInTheDocument();
  });
});
