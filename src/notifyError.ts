/** What notifyError needs of a notify function: react-admin's useNotify() and the sign-in page's (src/signin/env.ts) fit. */
export type ErrorNotify = (message: string, options: { type: 'error'; messageArgs: Record<string, unknown> }) => void;

/**
 * Shows a failed call's message: the server's i18n key translated in the
 * user's language, falling back to the server's English text.
 */
export const notifyError = (notify: ErrorNotify, error: unknown): void => {
  const e = error as { message?: string; body?: { message?: string } } | undefined;
  const message = e?.message || 'ra.notification.http_error';
  notify(message, { type: 'error', messageArgs: { _: e?.body?.message ?? message } });
};
