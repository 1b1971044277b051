/** The i18n key of a failed call's error (react-admin HttpError carries the server's body). */
export const errorText = (error: unknown): string => {
  const body = (error as { body?: { key?: string } } | null)?.body;
  const status = (error as { status?: number } | null)?.status;
  if (body?.key) return body.key;
  return status === 404 ? 'app.errors.notFound' : 'ra.notification.http_error';
};
