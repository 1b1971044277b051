import { useCallback, useEffect, useState } from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, IconButton, Stack, Tooltip } from '@mui/material';
import { TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { AppDataProvider } from '../../dataProvider';

/**
 * The captcha the server asks for after repeated sends from one address
 * (GET /captcha): the picture, a field for its characters, another picture
 * on request. Each picture is good for one send: a new one comes with each
 * `round` (the form's attempt count).
 */
export const CaptchaInput = ({ round }: { round: number }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { setValue } = useFormContext();
  const [image, setImage] = useState<string | null>(null);

  const load = useCallback(async () => {
    const captcha = await dataProvider.getCaptcha();
    setValue('captcha_key', captcha.key);
    setValue('captcha', '');
    setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.image)}`);
  }, [dataProvider, setValue]);

  useEffect(() => {
    load().catch(() => setImage(null));
  }, [load, round]);

  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Alert severity="info">{translate('app.public.captchaHint')}</Alert>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {image && (
          <Box component="img" src={image} alt={translate('app.public.captchaImage')} sx={{ height: 50, bgcolor: '#fff', borderRadius: 1, border: 1, borderColor: 'divider' }} />
        )}
        <Tooltip title={translate('app.public.captchaRefresh')}>
          <IconButton onClick={() => load()} aria-label={translate('app.public.captchaRefresh')}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <TextInput source="captcha" label={translate('app.public.captcha')} slotProps={{ htmlInput: { autoComplete: 'off', dir: 'ltr' } }} />
    </Stack>
  );
};
