import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ImportAnswer, type ImportRun, ImportDialog } from '../../src/components/ImportDialog';
import { inAdmin } from './helpers';

/**
 * The spreadsheet import dialog (src/components/ImportDialog.tsx; the school's students import,
 * docs/api/schools.md "Bulk enrolment"): the file is checked first and nothing saved; every wrong cell, and every cell
 * read as it is that may not be what was typed (the "Cells to check", docs/DECISIONS.md), by row and column in the
 * user's language; "save all" only when no row is wrong.
 */
const checked: ImportAnswer = {
  total: 3,
  valid: 2,
  existing: 0,
  enrolled: 0,
  errors: [{ row: 3, column: 'C', field: 'birthdate', key: 'app.validation.invalidDate' }],
  warnings: [{ row: 2, column: 'E', field: 'mobile', key: 'app.import.numberCell' }],
};
const columnLabel = (field: string) => ({ birthdate: 'Birthdate', mobile: 'Mobile' })[field] ?? field;

const open = async (upload: (file: File, run: ImportRun) => Promise<ImportAnswer>, locale?: 'ar') => {
  render(
    await inAdmin(
      <ImportDialog
        open
        onClose={() => undefined}
        title="Import students"
        templates={[]}
        upload={upload}
        columnLabel={columnLabel}
      />,
      { locale },
    ),
  );
  const file = new File(['x'], 'students.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } });
};

describe('the import dialog', () => {
  it('checks the file first: the wrong cells and the cells to check, each by row and column, nothing saved', async () => {
    const upload = vi.fn(async (_file: File, _run: ImportRun) => checked);
    await open(upload);
    const wrong = await screen.findByRole('table', { name: 'Wrong cells' });
    expect(
      within(wrong)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['3', 'C — Birthdate', expect.stringMatching(/date/i)]);
    const toCheck = screen.getByRole('table', { name: 'Cells to check' });
    const [row, column, problem] = within(toCheck).getAllByRole('cell');
    expect([row.textContent, column.textContent]).toEqual(['2', 'E — Mobile']);
    expect(problem.textContent).toMatch(/01008337887/);
    expect(screen.getByText(/One cell was read as it is/)).toBeInTheDocument();
    expect(upload.mock.calls.map(([, run]) => run)).toEqual(['check']);
    // a row is wrong: "save all" stays off, "save the valid rows only" offers the two
    expect(screen.getByRole('button', { name: 'Save all' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save the 2 valid rows only' })).toBeEnabled();
  });

  it('in Arabic: the cells to check are listed under their Arabic name', async () => {
    await open(async () => checked, 'ar');
    const toCheck = await screen.findByRole('table', { name: 'خلايا للمراجعة' });
    expect(within(toCheck).getAllByRole('cell')[2].textContent).toMatch(/اكتبها نصًّا/);
  });

  it('saves the valid rows on request and says how many', async () => {
    const upload = vi.fn(async (_file: File, run: ImportRun) =>
      run === 'check' ? checked : { ...checked, enrolled: 2, errors: [], warnings: [] },
    );
    await open(upload);
    fireEvent.click(await screen.findByRole('button', { name: 'Save the 2 valid rows only' }));
    await waitFor(() => expect(upload.mock.calls.map(([, run]) => run)).toEqual(['check', 'valid']));
    expect(await screen.findByText(/2 saved/)).toBeInTheDocument();
  });
});
