import { Button } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import { LinkBase, useTranslate } from 'react-admin';
import type { SettingKey } from '../../../domain/schemas/settings';
import { useCan } from '../../useCan';

/**
 * The way from a page that shows a setting to the settings screen, where it changes (/settings#<key>); shown only to
 * those who manage settings (access_settings).
 */
export const SettingLink = ({ setting }: { setting: SettingKey }) => {
  const translate = useTranslate();
  const allowed = useCan('settings.manage');
  if (!allowed) return null;
  return (
    <Button size="small" component={LinkBase} to={`/settings#${setting}`} startIcon={<SettingsIcon />}>
      {translate('app.settings.openSettings')}
    </Button>
  );
};
