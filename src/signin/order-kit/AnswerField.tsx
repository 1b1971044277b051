import { memo } from 'react';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { inLocale } from '../../../domain/publicForms';
import { dateOrder, formatDay, parseDay } from '../../components/localeDate';
import type { PublicForm } from '../../dataProvider/publicCalls';
import { useSignInEnv } from '../env';
import { Field } from '../fields';
import type { BoundField } from '../form';

type FormFieldOf = PublicForm['fields'][number];

/** Emails and phone numbers are written left to right, on an Arabic page too. */
const LTR = { htmlInput: { dir: 'ltr' } } as const;

/** Radio buttons or checkboxes over a question's options, its label the group's, its problem under it. */
const Choices = ({
  field,
  label,
  bound,
  setValue,
  many,
}: {
  field: FormFieldOf;
  label: string;
  bound: BoundField;
  setValue: (name: string, value: unknown) => void;
  many: boolean;
}) => {
  const { locale } = useSignInEnv();
  const labelId = `${bound.name}-label`;
  const helperId = `${bound.name}-helper-text`;
  const options = (field.options ?? []).map((o) => ({ value: o.value, label: inLocale(o.label as never, locale) }));
  const chosen = Array.isArray(bound.value) ? (bound.value as string[]) : [];
  return (
    <FormControl error={bound.error} margin="dense" component="fieldset" onBlur={bound.onBlur}>
      <FormLabel id={labelId} component="legend">
        {label}
      </FormLabel>
      {many ? (
        <FormGroup row role="group" aria-labelledby={labelId} aria-describedby={helperId}>
          {options.map((o) => (
            <FormControlLabel
              key={o.value}
              label={o.label}
              control={
                <Checkbox
                  name={bound.name}
                  value={o.value}
                  checked={chosen.includes(o.value)}
                  onChange={(event) =>
                    setValue(
                      bound.name,
                      event.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
      ) : (
        <RadioGroup
          row
          name={bound.name}
          value={bound.value ?? ''}
          onChange={(event) => setValue(bound.name, event.target.value)}
          aria-labelledby={labelId}
          aria-describedby={helperId}
        >
          {options.map((o) => (
            <FormControlLabel key={o.value} value={o.value} label={o.label} control={<Radio />} />
          ))}
        </RadioGroup>
      )}
      <FormHelperText id={helperId}>{bound.helperText}</FormHelperText>
    </FormControl>
  );
};

/**
 * A day typed in the order of the page's language (components/localeDate.ts: dd/mm/yyyy in Arabic, French and
 * German, mm/dd/yyyy in English), whatever the browser's own language, as react-admin's LocaleDateInput; kept as
 * YYYY-MM-DD once whole.
 */
const DayField = ({ label, bound }: { label: string; bound: BoundField }) => {
  const { translate, locale } = useSignInEnv();
  const { order, separator } = dateOrder(locale);
  const pattern = order.map((part) => translate(`app.public.date.${part}`)).join(separator);
  const example = formatDay('2026-12-25', locale);
  return (
    <Field
      {...bound}
      label={label}
      value={formatDay(bound.value, locale)}
      onChange={(event) => bound.onChange({ target: { value: parseDay(event.target.value, locale) } })}
      helperText={bound.error ? bound.helperText : translate('app.public.date.help', { example })}
      slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', placeholder: pattern, autoComplete: 'off' } }}
    />
  );
};

/**
 * The input of one question of an admin-defined form, by its kind, labelled in the page's language (required ones
 * marked *), bound to the form's field of its name.
 */
export const AnswerField = memo(function AnswerField({
  field,
  bound,
  setValue,
}: {
  field: FormFieldOf;
  bound: BoundField;
  /** the form's setValue (a stable function) */
  setValue: (name: string, value: unknown) => void;
}) {
  const { locale } = useSignInEnv();
  const label = `${inLocale(field.label as never, locale)}${field.required ? ' *' : ''}`;
  switch (field.kind) {
    case 'email':
      return <Field {...bound} label={label} type="email" autoComplete="email" slotProps={LTR} />;
    case 'phone':
      return <Field {...bound} label={label} type="tel" autoComplete="tel" slotProps={LTR} />;
    case 'number':
      return (
        <Field {...bound} label={label} type="number" slotProps={{ htmlInput: { min: field.min, max: field.max } }} />
      );
    case 'choice':
    case 'multi_choice':
      return (
        <Choices field={field} label={label} bound={bound} setValue={setValue} many={field.kind === 'multi_choice'} />
      );
    case 'date':
      return <DayField label={label} bound={bound} />;
    default:
      return <Field {...bound} label={label} multiline />;
  }
});
