import { type ReactNode, memo, useState } from 'react';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import type { Code } from '../../domain/codes';
import { COUNTRIES, COUNTRY_OTHER } from '../../domain/codes';
import { loadCommonPasswords } from '../../domain/passwords';
import { CountryListAdornment } from '../components/CountryListAdornment';
import { useSignInEnv } from './env';
import type { BoundField as Bound } from './form';
import { PasswordField } from './SignInForm';

/*
 * The inputs of the light public pages (src/signin/), plain MUI, as react-admin's inputs look and behave on the
 * console's forms (its TextField defaults come with the theme): a select over a domain code list, the country, a
 * checkbox, a new password. Each is bound to a field of useSchemaForm (form.ts) through `fieldProps`, and memoised:
 * it renders again only when its own props change, not at each key typed in another field.
 */

/** A text field (MUI's TextField), memoised. */
export const Field = memo(TextField);

type CodeWithCount = Code<number | string> & { count?: number };

/**
 * A select over a domain code list (domain/codes.ts), its labels translated (with plurals where the code has a
 * count), with an empty first choice that clears it, as react-admin's SelectInput has.
 */
export const CodeSelectField = memo(function CodeSelectField({
  codes,
  label,
  bound,
  onPicked,
}: {
  codes: readonly CodeWithCount[];
  label: string;
  bound: Bound;
  /** the value chosen, once chosen */
  onPicked?: (value: unknown) => void;
}) {
  const { translate } = useSignInEnv();
  return (
    <TextField
      {...bound}
      select
      label={label}
      onChange={(event) => {
        bound.onChange(event);
        onPicked?.(event.target.value);
      }}
    >
      <MenuItem
        value=""
        aria-label={translate('ra.action.clear_input_value')}
        title={translate('ra.action.clear_input_value')}
      >
        {/* an em space: an empty line of normal height, as react-admin's */}
        {'\u2003'}
      </MenuItem>
      {codes.map((code) => (
        <MenuItem key={code.id} value={code.id}>
          {translate(code.labelKey, code.count === undefined ? {} : { smart_count: code.count })}
        </MenuItem>
      ))}
    </TextField>
  );
});

/**
 * Country: a list of countries; choosing 'other' turns it into a free-text field (docs/PRODUCT.md §4 "Forms that
 * follow what is typed"), with a button to go back to the list (components/CountryInput.tsx on react-admin's forms).
 */
export const CountryField = memo(function CountryField({
  label,
  bound,
  setValue,
}: {
  label: string;
  bound: Bound;
  /** the form's setValue (a stable function) */
  setValue: (name: string, value: string) => void;
}) {
  const { translate } = useSignInEnv();
  const [freeText, setFreeText] = useState(false);
  if (freeText) {
    return (
      <TextField
        {...bound}
        label={label}
        autoFocus
        slotProps={{
          input: {
            endAdornment: (
              <CountryListAdornment
                label={translate('app.form.countryFromList')}
                onClick={() => {
                  setValue(bound.name, '');
                  setFreeText(false);
                }}
              />
            ),
          },
        }}
      />
    );
  }
  return (
    <CodeSelectField
      codes={COUNTRIES}
      label={label}
      bound={bound}
      onPicked={(value) => {
        if (value !== COUNTRY_OTHER) return;
        setValue(bound.name, '');
        setFreeText(true);
      }}
    />
  );
});

/** A single checkbox bound to a boolean field (the teacher agreement); its error under it, tied to it. */
export const CheckboxField = ({
  name,
  label,
  checked,
  onChange,
  onBlur,
  error,
}: {
  name: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur: () => void;
  /** the message key of its problem, once shown */
  error?: string;
}) => {
  const { translate } = useSignInEnv();
  const helperId = `${name}-helper-text`;
  return (
    <FormControl error={!!error} margin="dense">
      <FormControlLabel
        control={
          <Checkbox
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            onBlur={onBlur}
            name={name}
            slotProps={{ input: error ? { 'aria-describedby': helperId } : {} }}
          />
        }
        label={label}
      />
      {error ? <FormHelperText id={helperId}>{translate(error)}</FormHelperText> : null}
    </FormControl>
  );
};

/**
 * A field where a new password is chosen: the password field (SignInForm.tsx) that fetches the common-password list
 * (a chunk of its own, domain/passwords.ts) when it is first focused, so the rule is checked in the browser as in the
 * API (components/NewPasswordInput.tsx on react-admin's forms). Not as the page opens: the list is about 200 KB
 * compressed, as much as the rest of the page's scripts, and a phone on a slow network would download it before the
 * page's text had painted (docs/PERFORMANCE.md "Console download"). Until it has arrived the server, which always
 * has it, answers a common password with the same field error.
 */
export const NewPasswordField = memo(function NewPasswordField({ onFocus, ...props }: Omit<TextFieldProps, 'type'>) {
  return (
    <PasswordField
      autoComplete="new-password"
      {...props}
      onFocus={(event) => {
        void loadCommonPasswords();
        onFocus?.(event);
      }}
    />
  );
});
