import type { ReactNode } from 'react';
import { Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/** A single checkbox bound to a boolean field (e.g. the teacher agreement). */
export const CheckboxInput = ({ source, label }: { source: string; label: ReactNode }) => {
  const translate = useTranslate();
  const { field, fieldState, formState } = useInput({ source, defaultValue: false });
  const showError = !!fieldState.error && (fieldState.isTouched || formState.isSubmitted);
  return (
    <FormControl error={showError} margin="dense">
      <FormControlLabel
        control={
          <Checkbox
            checked={!!field.value}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            name={field.name}
          />
        }
        label={label}
      />
      {showError && fieldState.error?.message ? (
        <FormHelperText>{translate(fieldState.error.message)}</FormHelperText>
      ) : null}
    </FormControl>
  );
};
