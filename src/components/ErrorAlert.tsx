import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A failed load or action, as an error box: the error's message is a message key when the API or the data provider
 * sent one (translated then), else shown as it is.
 */
export const ErrorAlert = ({ error }: { error: unknown }) => {
  const translate = useTranslate();
  const message = error instanceof Error ? error.message : String(error);
  return <Alert severity="error">{translate(message, { _: message })}</Alert>;
};
