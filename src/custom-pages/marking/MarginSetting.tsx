import { Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useCan } from '../../useCan';
import { SettingLink } from '../settings/SettingLink';

/**
 * The margin beyond which two markings of a test send it to a third marker (setting marking_disagreement_margin),
 * shown to those who manage settings (access_settings), with the way to the settings screen where it changes.
 */
export const MarginSetting = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const allowed = useCan('settings.manage');
  const { data: setting } = useQuery({
    queryKey: ['markingAdmin', 'margin'],
    queryFn: () => dataProvider.disagreementMargin(),
    enabled: allowed,
  });
  if (!allowed || !setting) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
      <Typography variant="body2" data-testid="margin">
        {translate('app.markingAdmin.margin', { n: String(setting.value) })}
      </Typography>
      <SettingLink setting="marking_disagreement_margin" />
    </Stack>
  );
};
