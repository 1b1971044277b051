import { Typography } from '@mui/material';
import { type FieldProps, useFieldValue, useLocaleState, useTranslate } from 'react-admin';
import type { Code } from '../../domain/codes';
import { formatList } from '../../domain/format';

/** The labels of a list of codes in the user's language (listed as the language lists things). */
export const useCodeList = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (codes: readonly Code<number | string>[], values: unknown) => {
    const labels = (Array.isArray(values) ? values : [])
      .map((v) => codes.find((c) => String(c.id) === String(v)))
      .filter((c): c is Code<number | string> => !!c)
      .map((c) => translate(c.labelKey));
    return formatList(labels, locale, { style: 'short', type: 'unit' });
  };
};

/** A field holding a list of codes (a group's days, a course's languages). */
export const CodeListField = ({ codes, ...props }: FieldProps & { codes: readonly Code<number | string>[] }) => {
  const value = useFieldValue(props);
  const list = useCodeList();
  return (
    <Typography component="span" variant="body2">
      {list(codes, value)}
    </Typography>
  );
};
