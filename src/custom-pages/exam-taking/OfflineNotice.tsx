import { Alert, Button } from '@mui/material';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { useState } from 'react';
import { useTranslateFor } from '../../i18n/gender';
import type { QueuedStage } from './offlineQueue';

/** A stage kept on this device: waiting for the connection (sent by itself), or refused for now by the server. */
export const OfflineNotice = ({ kept, onRetry }: { kept: QueuedStage; onRetry: () => Promise<unknown> }) => {
  const translate = useTranslateFor();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await onRetry();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity={kept.state === 'waiting' ? 'info' : 'warning'}
      icon={<CloudOffOutlined />}
      data-testid="offline-notice"
      role="status"
      action={
        <Button color="inherit" size="small" onClick={retry} disabled={busy}>
          {busy ? translate('app.exams.ui.wait') : translate('app.exams.ui.sendNow')}
        </Button>
      }
    >
      {kept.state === 'waiting'
        ? translate('app.exams.ui.savedOnDevice')
        : `${translate('app.exams.ui.keptOnDevice')} ${translate(kept.error ?? 'ra.notification.http_error')}`}
    </Alert>
  );
};
