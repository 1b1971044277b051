import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider } from 'react-admin';
import { EditClassButton } from '../../src/resources/schoolClasses/ClassDialogs';
import { EditSchoolButton } from '../../src/resources/schools/SchoolDialogs';
import { saveSession } from '../../src/session';
import { inAdmin, json, mockFetch } from './helpers';

/** The row edit dialogs of the school pages (src/components/EditInDialogButton): Arabic, values of the row, update, refusal. */
const schoolAdmin = {
  id: 3,
  name: 'Salma',
  email: 'school@demo.test',
  type: 1,
  gender: 2,
  roles: ['school_admin'],
  permissions: ['admin_schools'],
};

const renderInRow = async (
  record: Record<string, unknown>,
  button: ReactElement,
  answer: (url: string, body: unknown) => Response,
) => {
  saveSession('tok', schoolAdmin);
  const calls = mockFetch((call) =>
    call.url === '/api/me' ? json({ user: schoolAdmin }) : answer(call.url, call.body),
  );
  render(await inAdmin(<RecordContextProvider value={record}>{button}</RecordContextProvider>, { locale: 'ar' }));
  await userEvent.click(await screen.findByRole('button', { name: 'تعديل' }));
  return { calls, dialog: await screen.findByRole('dialog') };
};

describe('editing a row in a dialog', () => {
  it('opens on the class, saves the changed name through the update call and says it is saved', async () => {
    const { calls, dialog } = await renderInRow(
      { id: 4, name: 'الفصل أ', number: 2, students_count: 9 },
      <EditClassButton />,
      (_url, body) => json({ class: { id: 4, ...(body as object), students_count: 9 } }),
    );
    expect(within(dialog).getByRole('heading')).toHaveTextContent('الفصل أ');
    const name = within(dialog).getByLabelText(/الفصل/);
    expect(name).toHaveValue('الفصل أ');
    await userEvent.clear(name);
    await userEvent.type(name, 'الفصل ب');
    await userEvent.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('تم الحفظ')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/schools/update/class/4')?.body).toEqual({ name: 'الفصل ب', number: 2 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's field error in Arabic, and sends only the school's editable fields", async () => {
    const { calls, dialog } = await renderInRow(
      { id: 7, name: 'مدرسة النور', city: 'القاهرة', address: null, region_name: 'x' },
      <EditSchoolButton />,
      () =>
        json({ message: 'Required', key: 'app.validation.required', errors: { city: 'app.validation.required' } }, 400),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/region/school/update/7')).toBe(true));
    expect(calls.find((c) => c.url === '/api/region/school/update/7')?.body).toEqual({
      name: 'مدرسة النور',
      city: 'القاهرة',
      address: null,
    });
    expect(await within(dialog).findByText('هذا الحقل مطلوب')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
