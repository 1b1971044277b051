import { useLocaleState } from 'react-admin';
import { formatNumber } from '../../../domain/format';

/** A statistic with three decimals (as the report and the spreadsheet give them), in the user's language. */
export const useStat = () => {
  const [locale] = useLocaleState();
  return (value: number | null | undefined, digits = 3) =>
    formatNumber(value, locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
};

/** A signed statistic: +0.667, −0.333, 0.000. */
export const useSignedStat = () => {
  const [locale] = useLocaleState();
  return (value: number | null | undefined) =>
    formatNumber(value, locale, { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: 'exceptZero' });
};
