import { defaultTheme, type RaThemeOptions, type TranslateFunction } from 'react-admin';
import { type AppLocale, type Direction, directionOf } from './i18n/locales';
import { muiLocalization, withMuiLocalization } from './i18n/muiLocale';

/**
 * The console's look, in both directions. Right-to-left needs three things
 * together (docs/STACK.md "Right-to-left"): the theme's direction, an emotion cache whose
 * stylis plugins flip the CSS (styleCache.tsx), and <html dir> (set by i18n/locales.ts).
 */
const FONT = ['Cairo', 'Segoe UI', 'Tahoma', 'Arial', 'sans-serif'].join(',');

const base: RaThemeOptions = {
  ...defaultTheme,
  /*
   * WCAG 2.2 AA (1.4.3 Contrast): 4.5:1 for text. Each colour below is used as text on white
   * (outlined chips, text buttons) and as a fill under white text, so each is dark enough for
   * both: secondary 5.1:1 (the brand's #e8663d was 3.28:1), warning 5.0:1 (MUI's #ed6c02, 3.1:1),
   * info 5.9:1 (MUI's #0288d1, 3.9:1). contrastThreshold 4.5 makes MUI pick dark text on any
   * colour where white would fall below 4.5:1 (MUI's default, 3, allows 3:1).
   */
  palette: {
    ...defaultTheme.palette,
    contrastThreshold: 4.5,
    primary: { main: '#5b3fa8' },
    secondary: { main: '#c0461d' },
    warning: { main: '#b45309' },
    info: { main: '#0369a1' },
    // a field's label in error on the filled field's grey: MUI's #d32f2f gave 4.3:1, this 5.3:1
    error: { main: '#c62828' },
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

/**
 * The theme of a locale: its direction, and MUI's component texts (pagination, rating, autocomplete, alert) in its
 * language (src/i18n/muiLocale.ts). `translate` is the i18nProvider's, already switched to the locale.
 */
export const localisedTheme = (locale: AppLocale, translate: TranslateFunction): RaThemeOptions =>
  withMuiLocalization(themes[directionOf(locale)], muiLocalization(locale, translate));
