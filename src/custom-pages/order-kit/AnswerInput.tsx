import { CheckboxGroupInput, NumberInput, RadioButtonGroupInput, TextInput } from 'react-admin';
import { LocaleDateInput } from '../../components/LocaleDateInput';
import type { PublicForm } from '../../dataProvider/public';
import { inLocale } from '../../../domain/publicForms';

type Field = PublicForm['fields'][number];

/** Emails and phone numbers are written left to right, on an Arabic page too. */
const LTR = { htmlInput: { dir: 'ltr' } } as const;

/** The input of one question of an admin-defined form, by its kind, labelled in the page's language. */
export const AnswerInput = ({ field, locale }: { field: Field; locale: string }) => {
  const label = `${inLocale(field.label as never, locale)}${field.required ? ' *' : ''}`;
  const choices = (field.options ?? []).map((o) => ({ id: o.value, name: inLocale(o.label as never, locale) }));
  const common = { source: field.name, label };
  switch (field.kind) {
    case 'email':
      return <TextInput {...common} type="email" autoComplete="email" slotProps={LTR} />;
    case 'phone':
      return <TextInput {...common} type="tel" autoComplete="tel" slotProps={LTR} />;
    case 'number':
      return <NumberInput {...common} min={field.min} max={field.max} />;
    case 'choice':
      return <RadioButtonGroupInput {...common} choices={choices} translateChoice={false} />;
    case 'multi_choice':
      return <CheckboxGroupInput {...common} choices={choices} translateChoice={false} />;
    case 'date':
      // typed in the page's language's order, not the browser's (the native input shows mm/dd/yyyy on an Arabic page)
      return <LocaleDateInput {...common} />;
    default:
      return <TextInput {...common} multiline />;
  }
};
