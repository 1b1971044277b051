import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslate } from 'react-admin';
import { LocalesMenu } from '../../src/components/LocalesMenu';
import { currentLocale } from '../../src/i18n';
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  LOCALE_STORAGE_KEY,
  applyDocumentLocale,
  deploymentLocale,
  initialLocale,
  normaliseLocale,
} from '../../src/i18n/locales';
import { i18nFor, inAdmin } from './helpers';

const Greeting = () => <p>{useTranslate()('app.login.title')}</p>;

describe('locale', () => {
  it('accepts gr as German and region variants', () => {
    expect(normaliseLocale('gr')).toBe('de');
    expect(normaliseLocale('de-AT')).toBe('de');
    expect(normaliseLocale('fr_CA')).toBe('fr');
    expect(normaliseLocale('es')).toBeUndefined();
  });

  it("starts with the stored choice, else the browser's preferred language among the four, else the default", () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    languages.mockReturnValue(['es-ES', 'fr-FR']);
    expect(initialLocale()).toBe('fr');
    // the browser's order of preference decides between two of ours
    languages.mockReturnValue(['de-CH', 'ar-EG', 'en']);
    expect(initialLocale()).toBe('de');
    languages.mockReturnValue(['ar-EG', 'en-US']);
    expect(initialLocale('en')).toBe('ar');
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'gr');
    expect(initialLocale()).toBe('de');
    window.localStorage.clear();
    languages.mockReturnValue(['es-ES', 'zh']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('es');
    // nothing of ours: the deployment's default, English unless the deployment chose another (the demo: Arabic)
    expect(initialLocale()).toBe(DEFAULT_LOCALE);
    expect(initialLocale('ar')).toBe('ar');
    expect(initialLocale(deploymentLocale(undefined))).toBe('en');
  });

  it('a deployment chooses its default with VITE_DEFAULT_LOCALE; none, or one we do not have, is English', () => {
    expect(FALLBACK_LOCALE).toBe('en');
    expect(deploymentLocale(undefined)).toBe('en');
    expect(deploymentLocale('')).toBe('en');
    expect(deploymentLocale('xx')).toBe('en');
    expect(deploymentLocale('ar')).toBe('ar');
    expect(deploymentLocale('gr')).toBe('de');
    expect(deploymentLocale('fr-CA')).toBe('fr');
    // these tests build nothing: no deployment setting, so the console's default here is English
    expect(import.meta.env.VITE_DEFAULT_LOCALE).toBeUndefined();
    expect(DEFAULT_LOCALE).toBe('en');
  });

  it('the demo build keeps Arabic (.env.production), which a deployment overrides when it builds', () => {
    const file = fs.readFileSync(path.resolve(__dirname, '../../.env.production'), 'utf8');
    expect(file).toMatch(/^VITE_DEFAULT_LOCALE=ar$/m);
    expect(deploymentLocale(/^VITE_DEFAULT_LOCALE=(.*)$/m.exec(file)![1])).toBe('ar');
  });

  it('changing to Arabic turns the document right-to-left without a reload, and remembers it for the server too', async () => {
    const i18n = await i18nFor('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
    await i18n.changeLocale('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');
    // and in the cookie the server reads to send a prerendered page in that language (server/prerenderedPages.ts)
    expect(document.cookie).toContain('neomi.locale=ar');
    expect(i18n.translate('app.login.title')).toBe('تسجيل الدخول');
    await i18n.changeLocale('gr');
    expect(currentLocale()).toBe('de');
    expect(document.cookie).toContain('neomi.locale=de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(i18n.translate('app.login.title')).toBe('Anmelden');
  });

  it("leaves <html lang dir> alone when they are the language's already (a page the server rendered)", async () => {
    applyDocumentLocale('ar');
    const writes: string[] = [];
    const observer = new MutationObserver((records) => writes.push(...records.map((r) => r.attributeName ?? '')));
    observer.observe(document.documentElement, { attributes: true });
    applyDocumentLocale('ar');
    applyDocumentLocale('fr');
    await Promise.resolve();
    observer.disconnect();
    // the browser recomputes every element's style on any write of either, the same value too
    expect(writes).toEqual(['lang', 'dir']);
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('the locale menu offers ar, en, de, fr and switches the text and direction', async () => {
    const user = userEvent.setup();
    render(
      await inAdmin(
        <>
          <LocalesMenu />
          <Greeting />
        </>,
        { locale: 'en' },
      ),
    );
    expect(screen.getByText('Sign in')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'English' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['العربية', 'English', 'Deutsch', 'Français']);
    await user.click(within(menu).getByRole('menuitem', { name: 'العربية' }));
    await waitFor(() => expect(screen.getByText('تسجيل الدخول')).toBeInTheDocument());
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('Arabic plurals use six forms (hours 2, 4, 12)', async () => {
    const i18n = await i18nFor('ar');
    expect(i18n.translate('app.codes.hours', { smart_count: 2 })).toBe('ساعتان');
    expect(i18n.translate('app.codes.hours', { smart_count: 4 })).toBe('4 ساعات');
    expect(i18n.translate('app.codes.hours', { smart_count: 12 })).toBe('12 ساعة');
  });
});
