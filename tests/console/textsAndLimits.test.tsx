import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, GROUP_STUDENT_PAGE_SIZES, SHORT_TEXT_LENGTH } from '../../domain/codes';
import { cutShortText } from '../../domain/shortText';
import { PageLinks, pageWindow } from '../../src/components/PageLinks';
import { ShortText } from '../../src/components/ShortText';
import SearchUserPage from '../../src/custom-pages/learner-results/SearchUserPage';
import { ChunkLoadError, withLoadTimeout } from '../../src/lazyPart';
import { GroupStudents } from '../../src/resources/groups/GroupStudents';
import { lazyPage } from '../../src/routes';
import { saveSession } from '../../src/session';
import { inAdmin, json, mockFetch } from './helpers';

/**
 * Texts and limits (docs/PRODUCT.md §9): short texts cut at 130 characters with a way to read the rest; a lazily
 * loaded part that fails or takes longer than 120,000 ms; the second page-size list and the five page links; the
 * user search's 'Unexpected response format'.
 */
const teacher = {
  id: 4,
  name: 'Tarek',
  email: 'teacher@demo.test',
  type: 1,
  gender: 1,
  roles: ['teacher'],
  permissions: ['access_group', 'access_neomi'],
};

afterEach(() => vi.useRealTimers());

describe('short texts: 130 characters, then "Read more"', () => {
  const long = `${'ب'.repeat(SHORT_TEXT_LENGTH)} and the rest of the text`;

  it('cuts at 130 characters as a reader counts them; a text of 130 stays whole', () => {
    expect(SHORT_TEXT_LENGTH).toBe(130);
    expect(cutShortText('x'.repeat(130))).toEqual({ shown: 'x'.repeat(130), cut: false });
    expect(cutShortText(long)).toEqual({ shown: 'ب'.repeat(130), cut: true });
    // a letter with its mark, an emoji: one character each, never split
    const marked = cutShortText('بِ'.repeat(131));
    expect(marked.shown).toBe('بِ'.repeat(130));
    expect(cutShortText(`${'a'.repeat(129)} 👩‍👩‍👧 tail`).shown).toBe(`${'a'.repeat(129)}`);
  });

  it('shows the cut text and "…", the whole text after "Read more", and cuts it again', async () => {
    render(await inAdmin(<ShortText text={long} />));
    expect(screen.getByText(`${'ب'.repeat(130)}…`)).toBeInTheDocument();
    expect(screen.queryByText(/the rest of the text/)).toBeNull();
    const more = screen.getByRole('button', { name: 'Read more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(screen.getByText(long)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.queryByText(/the rest of the text/)).toBeNull();
  });

  it('in Arabic the button reads in Arabic; a short text has no button', async () => {
    render(
      await inAdmin(
        <>
          <ShortText text={long} />
          <ShortText text="قصير" />
        </>,
        { locale: 'ar' },
      ),
    );
    expect(screen.getByRole('button', { name: 'اقرأ المزيد' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByText('قصير')).toBeInTheDocument();
  });
});

describe('a lazily loaded part that fails or takes longer than 120,000 ms', () => {
  it('gives up at 120,000 ms, not before, with a ChunkLoadError', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const loading = withLoadTimeout(() => new Promise<never>(() => undefined));
    const outcome = vi.fn();
    loading.catch(outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.objectContaining({ name: 'ChunkLoadError', reason: 'timeout' }));
  });

  it('a load that arrives in time is the load; one that fails is a ChunkLoadError carrying the cause', async () => {
    await expect(withLoadTimeout(() => Promise.resolve(7))).resolves.toBe(7);
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const failed = await withLoadTimeout(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ChunkLoadError);
    expect(failed).toMatchObject({ reason: 'failed', cause });
  });

  it('shows a translated message with a reload button in place of the page (Arabic)', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(await inAdmin(<Broken />, { locale: 'ar' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'تعذّر تحميل هذا الجزء من الصفحة' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('انقطع الاتصال أثناء التحميل');
    fireEvent.click(screen.getByRole('button', { name: 'إعادة تحميل الصفحة' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('says the part took too long when the 120,000 ms ran out (English)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Slow = lazyPage(() => new Promise<never>(() => undefined));
    render(await inAdmin(<Slow />));
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS));
    expect(
      await screen.findByRole('heading', { name: 'This part of the page could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('It took longer than two minutes to arrive.');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});

describe('pages: five page links; the second page-size list; a new page size goes back to page 1', () => {
  it('shows five consecutive pages around the current one, kept inside the list', () => {
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });

  it('names each link, marks the current page, and goes to the page clicked', async () => {
    const onPageChange = vi.fn();
    render(await inAdmin(<PageLinks page={5} rowsPerPage={10} count={200} onPageChange={onPageChange} />));
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const numbered = within(nav)
      .getAllByRole('button')
      .filter((b) => /page \d+|Page \d+/.test(b.getAttribute('aria-label') ?? ''));
    expect(numbered.map((b) => b.textContent)).toEqual(['4', '5', '6', '7', '8']);
    expect(within(nav).getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(nav).getByRole('button', { name: 'Go to page 8' }));
    expect(onPageChange).toHaveBeenLastCalledWith(expect.anything(), 7);
    fireEvent.click(within(nav).getByRole('button', { name: 'Go to last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(expect.anything(), 19);
  });

  it("a group's students: 10, 20, 50 or 100 a page, 10 first; a new size asks for page 1 again", async () => {
    saveSession('tok', teacher);
    const student = (id: number) => ({ id, name: `Child ${id}`, status: 1, position: id, parent_name: null });
    const calls = mockFetch((call) => {
      const { limit, offset } = call.body as { limit: number; offset: number };
      return json({
        students: Array.from({ length: Math.min(limit, 120 - offset) }, (_, i) => student(offset + i + 1)),
        count: 120,
      });
    });
    const asked = () => calls.filter((c) => c.url.startsWith('/api/groups/group/students/filtered/7'));
    render(
      await inAdmin(
        <RecordContextProvider value={{ id: 7, name: 'Drawing B' }}>
          <GroupStudents />
        </RecordContextProvider>,
      ),
    );
    expect(await screen.findByText('Child 10')).toBeInTheDocument();
    expect(asked().at(-1)?.body).toMatchObject({ limit: 10, offset: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(asked().at(-1)?.body).toMatchObject({ limit: 10, offset: 20 }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    const sizes = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(sizes.map((o) => Number(o.textContent))).toEqual([...GROUP_STUDENT_PAGE_SIZES]);
    fireEvent.click(sizes[1]);
    await waitFor(() => expect(asked().at(-1)?.body).toMatchObject({ limit: 20, offset: 0 }));
    expect(await screen.findByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });
});

describe("the user search: 'Unexpected response format'", () => {
  const search = async (answer: unknown, locale: 'en' | 'ar' = 'en') => {
    saveSession('tok', teacher);
    mockFetch((call) => (call.url === '/api/search/user' ? json(answer) : json({})));
    render(
      await inAdmin(
        <Routes>
          <Route path="/search/user" element={<SearchUserPage />} />
        </Routes>,
        { path: '/search/user', locale },
      ),
    );
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Hala' } });
    fireEvent.submit(screen.getByRole('search'));
  };

  it('says so when the answer holds no list', async () => {
    await search({ data: { name: 'Hala' } });
    expect(await screen.findByText('Unexpected response format')).toBeInTheDocument();
    expect(screen.queryByTestId('search-results')).toBeNull();
  });

  it('in Arabic too, for an answer that is not even an object', async () => {
    await search('<html>proxy error</html>', 'ar');
    expect(await screen.findByText('صيغة الرد غير متوقعة')).toBeInTheDocument();
  });

  it('a list is shown as found', async () => {
    await search({ data: [{ student_id: 9, name: 'Hala', parent: 'Mona', tests: [] }] });
    expect(await screen.findByTestId('search-results')).toHaveTextContent('Hala');
    expect(screen.queryByText('Unexpected response format')).toBeNull();
  });
});
