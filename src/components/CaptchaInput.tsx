import { Box, Button, Stack } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useCallback, useEffect, useState } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { apiFetch } from '../http';

/**
 * A picture captcha (GET /api/captcha): the picture, a field for its
 * characters (`captcha`) and its key (`captcha_key`, set on the form). A
 * captcha answers once, so give the component a new `round` after each try.
 */
export const CaptchaInput = ({ round = 0 }: { round?: number }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [image, setImage] = useState<string | null>(null);
  const load = useCallback(async () => {
    setValue('captcha', '');
    try {
      const captcha = await apiFetch<{ key: string; image: string }>('/captcha');
      setValue('captcha_key', captcha.key);
      setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.image)}`);
    } catch {
      setImage(null);
    }
  }, [setValue]);
  useEffect(() => { void load(); }, [load, round]);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {/* the characters read left to right in every language */}
        <Box dir="ltr" sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 150, minHeight: 50 }}>
          {image ? <img src={image} alt={translate('app.login.captchaPicture')} width={150} height={50} /> : null}
        </Box>
        <Button type="button" size="small" startIcon={<RefreshIcon />} onClick={() => void load()}>
          {translate('app.login.newCaptcha')}
        </Button>
      </Stack>
      <TextInput source="captcha" label="app.login.captcha" autoComplete="off" />
    </Stack>
  );
};
