import { Box } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { HONEYPOT_FIELD } from '../../../domain/publicForms';

/**
 * The honeypot (domain HONEYPOT_FIELD): a field off screen, out of the
 * keyboard order and hidden from screen readers; people leave it empty,
 * form-filling robots do not.
 */
export const HoneypotInput = () => {
  const translate = useTranslate();
  return (
    <Box
      aria-hidden
      sx={{ position: 'absolute', insetInlineStart: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
    >
      <TextInput
        source={HONEYPOT_FIELD}
        label={translate('app.public.honeypot')}
        helperText={false}
        slotProps={{ htmlInput: { tabIndex: -1, autoComplete: 'off' } }}
      />
    </Box>
  );
};
