import { useState } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { COUNTRIES, COUNTRY_OTHER } from '../../domain/codes';
import { isListedCountry } from '../../domain/schemas/auth';
import { CodeSelectInput } from './CodeSelectInput';
import { CountryListAdornment } from './CountryListAdornment';

/**
 * Country: a list of countries; choosing 'other' turns it into a free-text
 * field (docs/PRODUCT.md §4 "Forms that follow what is typed"), with a button to go back to the list.
 */
export const CountryInput = ({
  source = 'country',
  label = 'resources.users.fields.country',
}: {
  source?: string;
  label?: string;
}) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const value = useWatch({ name: source }) as string | null | undefined;
  const [freeText, setFreeText] = useState(() => !!value && !isListedCountry(value));

  if (freeText) {
    return (
      <TextInput
        source={source}
        label={label}
        autoFocus
        slotProps={{
          input: {
            endAdornment: (
              <CountryListAdornment
                label={translate('app.form.countryFromList')}
                onClick={() => {
                  setValue(source, null, { shouldDirty: true });
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
    <CodeSelectInput
      source={source}
      label={label}
      codes={COUNTRIES}
      onChange={(event) => {
        if (event?.target?.value === COUNTRY_OTHER) {
          setValue(source, '', { shouldDirty: true });
          setFreeText(true);
        }
      }}
    />
  );
};
