import createCache, { type EmotionCache } from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { defaultTheme, type RaThemeOptions, type TranslateFunction } from 'react-admin';
import { prefixer } from 'stylis';
import { type AppLocale, type Direction, directionOf } from './i18n/locales';
import { muiLocalization, withMuiLocalization } from './i18n/muiLocale';

/**
 * The console's look, in both directions. Right-to-left needs three things
 * together (docs/STACK.md "Right-to-left"): the theme's direction, an emotion cache whose
 * stylis plugins flip the CSS, and <html dir> (set by i18n/locales.ts).
 */
const FONT = ['Cairo', 'Segoe UI', 'Tahoma', 'Arial', 'sans-serif'].join(',');

const base: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#5b3fa8' },
    secondary: { main: '#e8663d' },
    background: { default: '#f6f4fb' },
  },
  typography: { ...defaultTheme.typography, fontFamily: FONT },
  shape: { borderRadius: 10 },
  sidebar: { width: 250, closedWidth: 55 },
};

export const themes: Record<Direction, RaThemeOptions> = {
  ltr: { ...base, direction: 'ltr' },
  rtl: { ...base, direction: 'rtl' },
};

export const emotionCaches: Record<Direction, EmotionCache> = {
  ltr: createCache({ key: 'mui', prepend: true }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin], prepend: true }),
};

/**
 * The theme of a locale: its direction, and MUI's component texts (pagination, rating, autocomplete, alert) in its
 * language (src/i18n/muiLocale.ts). `translate` is the i18nProvider's, already switched to the locale.
 */
export const localisedTheme = (locale: AppLocale, translate: TranslateFunction): RaThemeOptions =>
  withMuiLocalization(themes[directionOf(locale)], muiLocalization(locale, translate));
