import { Alert, Box, Button, Stack } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useCallback, useEffect, useState } from 'react';
import { TextInput, useDataProvider, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { AppDataProvider } from '../dataProvider';

/**
 * The picture captcha the server asks for after repeated failed sign-ins on an
 * account or repeated sends of a public form from one address (GET /captcha):
 * the picture, another on request, a field for its characters (`captcha`) and
 * its key (`captcha_key`, set on the form). A captcha answers once: give the
 * component a new `round` after each try. `hint`: a message key shown above it.
 */
export const CaptchaInput = ({ round, hint }: { round: number; hint?: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { setValue } = useFormContext();
  const [image, setImage] = useState<string | null>(null);
  const load = useCallback(async () => {
    setValue('captcha', '');
    try {
      const captcha = await dataProvider.getCaptcha();
      setValue('captcha_key', captcha.key);
      setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.image)}`);
    } catch {
      setImage(null);
    }
  }, [dataProvider, setValue]);
  useEffect(() => {
    void load();
  }, [load, round]);
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      {hint ? <Alert severity="info">{translate(hint)}</Alert> : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {/* the characters read left to right in every language */}
        <Box
          dir="ltr"
          sx={{ bgcolor: '#fff', border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 150, minHeight: 50 }}
        >
          {image ? <img src={image} alt={translate('app.captcha.picture')} width={150} height={50} /> : null}
        </Box>
        <Button type="button" size="small" startIcon={<RefreshIcon />} onClick={() => void load()}>
          {translate('app.captcha.another')}
        </Button>
      </Stack>
      <TextInput
        source="captcha"
        label="app.captcha.characters"
        slotProps={{ htmlInput: { autoComplete: 'off', dir: 'ltr' } }}
      />
    </Stack>
  );
};
