import type { useNotify } from 'react-admin';

/**
 * Shows a failed call's message: the server's i18n key translated in the
 * user's language, falling back to the server's English text.
 */
export const notifyError = (notify: ReturnType<typeof useNotify>, error: unknown): void => {
  const e = error as { message?: string; body?: { message?: string } } | undefined;
  const message = e?.message || 'ra.notification.http_error';
  notify(message, { type: 'error', messageArgs: { _: e?.body?.message ?? message } });
};
