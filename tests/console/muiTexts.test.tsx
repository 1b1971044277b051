import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import {
  Alert,
  Autocomplete,
  Breadcrumbs,
  Rating,
  TablePagination,
  TextField,
  ThemeProvider,
  createTheme,
} from '@mui/material';
import { App } from '../../src/App';
import { saveSession } from '../../src/session';
import { localisedTheme } from '../../src/theme';
import type { AppLocale } from '../../src/i18n/locales';
import { type Call, i18nFor, json, mockFetch, demoAdmin } from './helpers';
import { offendingTexts, visibleTexts } from '../support/visibleTexts';

/**
 * MUI's own texts — pagination, rating, autocomplete, alert, breadcrumbs — come in the user's language
 * (src/i18n/muiLocale.ts: our messages for every text of MUI's locale packs), with Latin digits, never MUI's English
 * defaults.
 */
const admin = demoAdmin;

const feedbackApi = (call: Call) => {
  if (call.url === '/api/me') return json({ user: admin });
  if (call.url.startsWith('/api/feedback'))
    return json({
      feedback: [
        {
          id: 1,
          user_id: 7,
          user_name: 'Omar',
          message: 'ورشة جميلة',
          rating: 3,
          read: false,
          created_at: '2026-11-21T10:00:00Z',
        },
      ],
      count: 30,
    });
  return json({ users: [], count: 0 });
};

describe("MUI's texts in the user's language", () => {
  it('the feedback page in Arabic: its pagination and its stars in Arabic, no English default, Latin digits', async () => {
    saveSession('tok', admin);
    window.history.pushState({}, '', '/feedback');
    mockFetch(feedbackApi);
    render(<App i18nProvider={await i18nFor('ar')} />);
    expect(await screen.findByText('ورشة جميلة', {}, { timeout: 15_000 })).toBeInTheDocument();
    // MUI's TablePagination's own buttons and the read-only stars
    expect(screen.getByRole('button', { name: 'الانتقال إلى الصفحة التالية' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'الانتقال إلى الصفحة السابقة' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '3 نجوم' })).toBeInTheDocument();
    // the form's stars: the empty choice named in Arabic
    expect(screen.getByRole('radio', { name: 'بلا نجوم' })).toBeInTheDocument();
    expect(screen.getByText(/1-10 من 30/)).toBeInTheDocument();
    expect(offendingTexts(visibleTexts())).toEqual([]);
  });

  const components = async (locale: AppLocale) => {
    const i18n = await i18nFor(locale);
    const theme = createTheme(localisedTheme(locale, i18n.translate));
    render(
      <ThemeProvider theme={theme}>
        <Alert onClose={() => undefined}>x</Alert>
        <Rating value={2} readOnly />
        <Autocomplete options={[] as string[]} open renderInput={(p) => <TextField {...p} label="q" />} />
        <TablePagination component="div" count={1234} page={1} rowsPerPage={10} onPageChange={() => undefined} />
        <Breadcrumbs maxItems={2}>
          {['a', 'b', 'c', 'd'].map((name) => (
            <span key={name}>{name}</span>
          ))}
        </Breadcrumbs>
      </ThemeProvider>,
    );
  };

  it('Arabic: the dual, the words of our messages, Latin digits', async () => {
    await components('ar');
    expect(screen.getByRole('img', { name: 'نجمتان' })).toBeInTheDocument();
    // the alert's close button and the open autocomplete's
    expect(screen.getAllByRole('button', { name: 'إغلاق' })).toHaveLength(2);
    expect(screen.getByText('لا خيارات مطابقة')).toBeInTheDocument();
    expect(screen.getByText('11-20 من 1,234')).toBeInTheDocument();
    expect(screen.getByText('عدد الصفوف في الصفحة:')).toBeInTheDocument();
    // the collapsed breadcrumbs' button
    expect(screen.getByRole('button', { name: 'إظهار المسار' })).toBeInTheDocument();
    expect(offendingTexts(visibleTexts())).toEqual([]);
  });

  it.each(['de', 'fr'] as const)('%s: no English default', async (locale) => {
    await components(locale);
    const texts = visibleTexts();
    expect(offendingTexts(texts)).toEqual([]);
    expect(texts).toContain(locale === 'de' ? '2 Sterne' : '2 étoiles');
    expect(within(document.body).getByText(locale === 'de' ? '11-20 von 1.234' : /11-20 sur 1\s234/)).toBeTruthy();
    expect(screen.getByRole('button', { name: locale === 'de' ? 'Pfad anzeigen' : 'Montrer le chemin' })).toBeTruthy();
  });

  it('English: our words too', async () => {
    await components('en');
    expect(screen.getByRole('img', { name: '2 stars' })).toBeInTheDocument();
    expect(screen.getByText('11-20 of 1,234')).toBeInTheDocument();
  });
});
