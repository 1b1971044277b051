import { useCallback, useState } from 'react';
import { type ErrorNotify, notifyError } from '../notifyError';

export type FieldErrors = Record<string, string>;

/** The server's field errors of a failed call (`{ errors: { field: key } }`), if it sent any. */
export const serverFieldErrors = (error: unknown): FieldErrors | undefined => {
  const errors = (error as { body?: { errors?: FieldErrors } } | undefined)?.body?.errors;
  return errors && Object.keys(errors).length ? errors : undefined;
};

/**
 * Runs a call for a button or form: `busy` while it runs (to disable the
 * button), a failure notified in the user's language through `notify`, and
 * its field errors returned so a form can put them on the fields.
 */
export const useBusyRunner = (notify: ErrorNotify) => {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<unknown>): Promise<FieldErrors | undefined> => {
      setBusy(true);
      try {
        await action();
        return undefined;
      } catch (error) {
        notifyError(notify, error);
        return serverFieldErrors(error);
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );
  return { busy, run };
};
