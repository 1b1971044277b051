import { useNotify } from 'react-admin';
import { useBusyRunner } from '../signin/busy';

export { type FieldErrors, serverFieldErrors } from '../signin/busy';

/**
 * Runs a call for a button or form: `busy` while it runs (to disable the
 * button), a failure notified in the user's language, and its field errors
 * returned so a form's onSubmit can put them on the fields.
 */
export const useBusyAction = () => useBusyRunner(useNotify());
