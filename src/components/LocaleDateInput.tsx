import { TextInput, useLocaleState, useTranslate, type TextInputProps } from 'react-admin';
import { dateOrder, formatDay, parseDay } from './localeDate';

export { dateOrder, formatDay, parseDay };

/**
 * A day typed in the order of the page's language (dd/mm/yyyy in Arabic, French and German, mm/dd/yyyy in English),
 * whatever the browser's own language: the native date input follows the browser, not the page, and shows
 * mm/dd/yyyy on an Arabic page. Stored as YYYY-MM-DD; the placeholder and the help say the order.
 */
export const LocaleDateInput = (props: Omit<TextInputProps, 'format' | 'parse'>) => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const { order, separator } = dateOrder(locale);
  const pattern = order.map((part) => translate(`app.public.date.${part}`)).join(separator);
  const example = formatDay('2026-12-25', locale);
  return (
    <TextInput
      {...props}
      format={(value) => formatDay(value, locale)}
      parse={(text: string) => parseDay(text, locale)}
      helperText={props.helperText ?? translate('app.public.date.help', { example })}
      slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', placeholder: pattern, autoComplete: 'off' } }}
    />
  );
};
