import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import MarkingAdminPage from '../../src/custom-pages/marking/MarkingAdminPage';
import { saveSession } from '../../src/session';
import { type Call, inAdmin, json, mockFetch } from './helpers';

/** /marking-admin: allocation and its refusals against a mocked API, in Arabic. */
const admin = {
  id: 1,
  name: 'Nadia Admin',
  email: 'admin@demo.test',
  type: 1,
  gender: 2,
  roles: ['admin'],
  permissions: ['admin_neomi', 'mark_neomi_test'],
};
const marking = (round: number, marker: string) => ({
  id: round,
  round,
  status: 'finished',
  marker_id: round + 5,
  marker,
  code: `NT-AAAA000${round}`,
  total: 12,
  finished_at: '2026-11-20T10:00:00.000Z',
});
const tests = {
  data: [
    {
      exam_id: 7,
      child_id: 3,
      child: 'Yousef',
      exam_type: 1,
      challenge: 1,
      finished_at: '2026-11-20T10:00:00.000Z',
      markings: [marking(1, 'Mona'), marking(2, 'Rami'), marking(3, 'Huda')],
      agreement: null,
      needs_third: false,
    },
    {
      exam_id: 8,
      child_id: 4,
      child: 'Sara',
      exam_type: 1,
      challenge: 1,
      finished_at: '2026-11-21T10:00:00.000Z',
      markings: [],
      agreement: null,
      needs_third: false,
    },
  ],
  total: 2,
};
const markers = {
  data: [
    { id: 6, name: 'Mona', email: 'mona@demo.test', open: 0 },
    { id: 9, name: 'Old Marker', email: 'old@demo.test', open: 11 },
  ],
};

const renderPage = async (assign: (call: Call) => Response) => {
  saveSession('tok', admin);
  const calls = mockFetch((call) => {
    if (call.url === '/api/me') return json({ user: admin });
    if (call.url === '/api/marking/tests') return json(tests);
    if (call.url === '/api/marking/markers') return json(markers);
    if (call.url === '/api/marking/assign') return assign(call);
    return json({});
  });
  render(
    await inAdmin(
      <Routes>
        <Route path="/marking-admin" element={<MarkingAdminPage />} />
      </Routes>,
      { locale: 'ar', path: '/marking-admin' },
    ),
  );
  return calls;
};

const allocate = async (rowName: string, marker: RegExp) => {
  const row = (await screen.findByText(rowName)).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'توزيع' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('combobox'));
  await userEvent.click(await screen.findByRole('option', { name: marker }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'حفظ' }));
  return dialog;
};

describe('allocating markings', () => {
  it('says the 409 of a test that has all its markings in Arabic, and keeps the dialog open', async () => {
    const calls = await renderPage(() =>
      json(
        {
          message: 'This test already has all its markings',
          key: 'app.marking.tooManyRounds',
          errors: { 'exam_ids.0': 'app.marking.tooManyRounds' },
        },
        409,
      ),
    );
    const dialog = await allocate('Yousef', /^Mona \(لا اختبارات مفتوحة\)$/);
    expect(await screen.findByText('لهذا الاختبار كل تصحيحاته')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/marking/assign')?.body).toEqual({ marker_id: 6, exam_ids: [7] });
    expect(dialog).toBeInTheDocument();
  });

  it('puts the 400 of a user who no longer marks on the marker field, in Arabic', async () => {
    await renderPage(() =>
      json(
        {
          message: 'This user does not mark tests',
          key: 'app.marking.notMarker',
          errors: { marker_id: 'app.marking.notMarker' },
        },
        400,
      ),
    );
    const dialog = await allocate('Sara', /^Old Marker \(11 اختبارًا مفتوحًا\)$/);
    await waitFor(() =>
      expect(within(dialog).getAllByText('هذا المستخدم لا يصحّح الاختبارات').length).toBeGreaterThan(0),
    );
    expect(screen.getAllByText('هذا المستخدم لا يصحّح الاختبارات').length).toBeGreaterThanOrEqual(1);
  });

  it("allocates the selected tests in bulk and says the server's message", async () => {
    const calls = await renderPage(() =>
      json({
        message: 'The tests have been allocated',
        key: 'app.marking.assigned',
        assignments: [
          { id: 20, exam_id: 7, round: 4 },
          { id: 21, exam_id: 8, round: 1 },
        ],
      }),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'تحديد كل الاختبارات' }));
    expect(screen.getByText('حُدِّد اختباران')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'توزيع المحدَّد' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('توزيع اختبارين على مصحح')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: /^Mona / }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('وُزّعت الاختبارات')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/marking/assign')?.body).toEqual({ marker_id: 6, exam_ids: [7, 8] });
  });
});
