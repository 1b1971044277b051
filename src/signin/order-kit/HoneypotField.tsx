import { Box } from '@mui/material';
import { HONEYPOT_FIELD } from '../../../domain/publicForms';
import { useSignInEnv } from '../env';
import { Field } from '../fields';
import type { BoundField } from '../form';

/**
 * The honeypot (domain HONEYPOT_FIELD): a field off screen, out of the keyboard order and hidden from screen readers;
 * people leave it empty, form-filling robots do not. `bound`: the form's field HONEYPOT_FIELD.
 */
export const HoneypotField = ({ bound }: { bound: BoundField }) => {
  const { translate } = useSignInEnv();
  return (
    <Box
      aria-hidden
      sx={{ position: 'absolute', insetInlineStart: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
    >
      <Field
        {...bound}
        name={HONEYPOT_FIELD}
        label={translate('app.public.honeypot')}
        helperText={undefined}
        slotProps={{ htmlInput: { tabIndex: -1, autoComplete: 'off' } }}
      />
    </Box>
  );
};
