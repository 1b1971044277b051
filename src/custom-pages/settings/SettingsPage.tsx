import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BooleanInput, Loading, NumberInput, Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { formatNumber } from '../../../domain/format';
import {
  SETTING_KEYS,
  SETTINGS,
  type SettingKey,
  settingFormSchema,
  settingHelpKey,
  settingLabelKey,
} from '../../../domain/schemas/settings';
import { FormDialog } from '../../components/FormDialog';
import type { AppDataProvider } from '../../dataProvider';
import type { StoredSetting } from '../../dataProvider/accounts';

/** A setting's value as read on the screen: on/off, or the number in the reader's language with its unit. */
const useValueText = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (key: SettingKey, value: unknown) => {
    const definition = SETTINGS[key];
    if (definition.kind === 'boolean') return translate(value === true ? 'app.settings.on' : 'app.settings.off');
    const n = formatNumber(value, locale);
    // the number with its unit in the form the language gives that number (Arabic has six)
    if ('unit' in definition && definition.unit)
      return translate(`app.settings.units.${definition.unit}`, { smart_count: Number(value), n });
    return n;
  };
};

/** One setting: its name, meaning, allowed range and value, and the button that changes it. */
const SettingCard = ({ setting, onChange }: { setting: StoredSetting & { key: SettingKey }; onChange: () => void }) => {
  const translate = useTranslate();
  const valueText = useValueText();
  const definition = SETTINGS[setting.key];
  const range =
    definition.kind === 'boolean'
      ? translate('app.settings.rangeOnOff')
      : 'range' in definition && definition.range
        ? translate('app.settings.range', {
            min: valueText(setting.key, definition.range.min),
            max: valueText(setting.key, definition.range.max),
          })
        : '';
  const headingId = `setting-${setting.key}`;
  return (
    <Card component="section" aria-labelledby={headingId} id={setting.key} data-testid={`setting-${setting.key}`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={headingId}>
          {translate(settingLabelKey(setting.key))}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate(settingHelpKey(setting.key))}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="setting-range">
          {range}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="body1" data-testid="setting-value">
            {translate('app.settings.current', { value: valueText(setting.key, setting.value) })}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            startIcon={<EditIcon />}
            onClick={onChange}
            aria-label={translate('app.settings.changeOne', { name: translate(settingLabelKey(setting.key)) })}
          >
            {translate('app.settings.change')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};

/** The dialog that changes one setting: the setting's own schema checks the value as one types; the server again. */
const ChangeSettingDialog = ({
  setting,
  onClose,
}: {
  setting: StoredSetting & { key: SettingKey };
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const definition = SETTINGS[setting.key];
  const label = translate(settingLabelKey(setting.key));
  const range = 'range' in definition ? definition.range : undefined;
  return (
    <FormDialog
      open
      title={translate('app.settings.changeOne', { name: label })}
      record={{ value: setting.value }}
      schema={settingFormSchema(setting.key)}
      save={(data) => dataProvider.changeSetting(setting.id, data.value)}
      successMessage="app.settings.saved"
      onSaved={() => queryClient.invalidateQueries({ queryKey: ['settings'] })}
      onClose={onClose}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate(settingHelpKey(setting.key))}
      </Typography>
      {definition.kind === 'boolean' ? (
        <BooleanInput source="value" label={label} />
      ) : (
        <NumberInput
          source="value"
          label={label}
          min={range?.min}
          max={range?.max}
          step={definition.kind === 'integer' ? 1 : 0.1}
        />
      )}
    </FormDialog>
  );
};

/**
 * The platform's settings (access_settings, /settings): every setting of the settings table with its meaning, its
 * allowed range (domain/schemas/settings.ts, which the server enforces) and its value, each changed in a dialog
 * (POST /setting/index, POST /setting/change/{id}). The one place in the console where settings change.
 */
const SettingsPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [editing, setEditing] = useState<SettingKey | null>(null);
  const { data, error, isPending } = useQuery({ queryKey: ['settings'], queryFn: () => dataProvider.getSettings() });
  const title = translate('app.menu.settings');
  // 403 and 404 are shown by the page boundary (src/queryClient.ts); any other failure says what went wrong
  if (error) return <Alert severity="error">{translate(error.message || 'ra.notification.http_error')}</Alert>;
  if (isPending) return <Loading />;
  const byKey = new Map(data.map((s) => [s.key, s]));
  const shown = SETTING_KEYS.flatMap((key) => {
    const row = byKey.get(key);
    return row ? [{ ...row, key }] : [];
  });
  const open = shown.find((s) => s.key === editing);
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.settings.help')}
      </Typography>
      <Stack spacing={2}>
        {shown.map((setting) => (
          <SettingCard key={setting.key} setting={setting} onChange={() => setEditing(setting.key)} />
        ))}
      </Stack>
      {open && <ChangeSettingDialog setting={open} onClose={() => setEditing(null)} />}
    </Box>
  );
};

export default SettingsPage;
