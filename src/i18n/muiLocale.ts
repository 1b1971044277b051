import type { Localization } from '@mui/material/locale';
import type { ThemeOptions } from '@mui/material/styles';
import type { TranslateFunction } from 'react-admin';
import { formatNumber } from '../../domain/format';
import type { AppLocale } from './locales';

type PageItem = 'first' | 'last' | 'next' | 'previous' | 'page' | 'start-ellipsis' | 'end-ellipsis';

/**
 * The texts MUI's components write by themselves ("Go to next page", "Rows per page", "5 Stars", "Open", "No
 * options", "Close", "Show path"), in the user's language, from our own messages: every text of MUI's locale packs
 * (@mui/material/locale), in the product's words, plural forms and digits (MUI's Arabic pack writes Arabic-Indic
 * digits and "2 نجوم" where Arabic says «نجمتان»; docs/DECISIONS.md "Latin digits in every language"). The packs
 * themselves are not loaded: each makes an Intl.NumberFormat of its language as its module loads, ~14 ms of a
 * phone's first load for three languages it does not show (docs/PERFORMANCE.md "Phone").
 */
export const muiLocalization = (locale: AppLocale, translate: TranslateFunction): Localization => {
  const n = (value: number) => formatNumber(value, locale);
  const pageItem = (type: PageItem, page: number | null, selected = false) =>
    type === 'page'
      ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: n(page ?? 0) })
      : type === 'start-ellipsis' || type === 'end-ellipsis'
        ? ''
        : translate(`ra.navigation.${type}`);
  return {
    components: {
      MuiBreadcrumbs: { defaultProps: { expandText: translate('app.mui.showPath') } },
      MuiTablePagination: {
        defaultProps: {
          labelRowsPerPage: translate('ra.navigation.page_rows_per_page'),
          labelDisplayedRows: ({ from, to, count }) =>
            count === -1
              ? translate('ra.navigation.partial_page_range_info', { offsetBegin: n(from), offsetEnd: n(to) })
              : translate('ra.navigation.page_range_info', { offsetBegin: n(from), offsetEnd: n(to), total: n(count) }),
          getItemAriaLabel: (type) => pageItem(type, null),
        },
      },
      MuiPagination: {
        defaultProps: {
          'aria-label': translate('app.pagination'),
          getItemAriaLabel: (type, page, selected) => pageItem(type, page, selected),
        },
      },
      MuiRating: {
        defaultProps: {
          getLabelText: (value: number) => translate('app.activities.stars', { smart_count: value }),
          emptyLabelText: translate('app.mui.noStars'),
        },
      },
      MuiAutocomplete: {
        defaultProps: {
          clearText: translate('ra.action.clear_input_value'),
          closeText: translate('ra.action.close'),
          loadingText: translate('ra.page.loading'),
          noOptionsText: translate('app.mui.noOptions'),
          openText: translate('ra.action.open'),
        },
      },
      MuiAlert: { defaultProps: { closeText: translate('ra.action.close') } },
    },
  };
};

/** A theme's options with the locale's component texts merged into its components' default props. */
export const withMuiLocalization = <T extends ThemeOptions>(theme: T, localization: Localization): T => {
  const components: Record<string, { defaultProps?: object }> = { ...(theme.components as object) };
  for (const [name, value] of Object.entries(localization.components ?? {})) {
    const own = components[name] ?? {};
    components[name] = { ...own, defaultProps: { ...own.defaultProps, ...value?.defaultProps } };
  }
  return { ...theme, components };
};
