import { SelectInput, type SelectInputProps, useTranslate } from 'react-admin';
import type { Code } from '../../domain/codes';

type CodeWithCount = Code<number | string> & { count?: number };

/** A select over a domain code list (domain/codes.ts), labels translated (with plurals where the code has a count). */
export const CodeSelectInput = ({
  codes,
  ...props
}: Omit<SelectInputProps, 'choices'> & { codes: readonly CodeWithCount[] }) => {
  const translate = useTranslate();
  const choices = codes.map((c) => ({
    id: c.id,
    name: translate(c.labelKey, c.count === undefined ? {} : { smart_count: c.count }),
  }));
  return <SelectInput choices={choices} translateChoice={false} {...props} />;
};
