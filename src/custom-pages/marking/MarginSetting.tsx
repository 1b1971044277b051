import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NumberInput, useDataProvider, useTranslate } from 'react-admin';
import { MARGIN_RANGE } from '../../../domain/marking/rubric';
import { disagreementMarginSchema } from '../../../domain/schemas/marking';
import { FormDialog } from '../../components/FormDialog';
import type { AppDataProvider } from '../../dataProvider';
import { useCan } from '../../useCan';

/**
 * The margin beyond which two markings of a test send it to a third marker
 * (setting marking_disagreement_margin): shown, and changed, by those who
 * manage settings (access_settings).
 */
export const MarginSetting = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const allowed = useCan('settings.manage');
  const [editing, setEditing] = useState(false);
  const { data: setting } = useQuery({
    queryKey: ['markingAdmin', 'margin'],
    queryFn: () => dataProvider.disagreementMargin(),
    enabled: allowed,
  });
  if (!allowed || !setting) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
      <Typography variant="body2" data-testid="margin">
        {translate('app.markingAdmin.margin', { n: String(setting.value) })}
      </Typography>
      <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
        {translate('app.markingAdmin.changeMargin')}
      </Button>
      {editing && (
        <FormDialog
          open
          title={translate('app.markingAdmin.changeMargin')}
          record={{ value: setting.value }}
          schema={disagreementMarginSchema}
          save={(data) => dataProvider.setDisagreementMargin(setting.id, data.value)}
          successMessage="app.markingAdmin.marginSaved"
          onSaved={() => queryClient.invalidateQueries({ queryKey: ['markingAdmin'] })}
          onClose={() => setEditing(false)}
        >
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('app.markingAdmin.marginHelp')}
          </Typography>
          <NumberInput
            source="value"
            label="app.markingAdmin.marginLabel"
            min={MARGIN_RANGE.min}
            max={MARGIN_RANGE.max}
            step={1}
          />
        </FormDialog>
      )}
    </Stack>
  );
};
