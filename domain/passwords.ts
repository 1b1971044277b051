import { PASSWORD_MIN_LENGTH } from './codes';

/**
 * The password rule, one place for the server and the console: at least
 * PASSWORD_MIN_LENGTH characters that are not all spaces, at most 200, not
 * the account's email, and not one of the most common passwords (the list
 * of @zxcvbn-ts/language-common, ~49,000 leaked passwords; the ~18,000 of
 * them long enough to pass the length rule are kept).
 *
 * The list is 380 KB of JavaScript, so it is loaded apart (loadCommonPasswords):
 * the server before it takes a request (server/app.ts), the console when a form
 * that sets a password opens (src/components/NewPasswordInput.tsx), the light
 * pages when a password field is first focused (src/signin/fields.tsx). Until it
 * has arrived the console checks the rest and the server, which always has it,
 * answers a common password with the same field error.
 */
export const PASSWORD_MAX_LENGTH = 200;

let common: ReadonlySet<string> | undefined;
let loading: Promise<void> | undefined;

/** Loads the common-password list once (a chunk of its own in the console). */
export const loadCommonPasswords = () =>
  (loading ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    common = new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH));
  }));

/** Whether the list has arrived. */
export const commonPasswordsLoaded = () => common !== undefined;

/** Whether a password is in the common-password list (case does not help: "PassWord1" is "password1"). */
export const isCommonPassword = (password: string) => common?.has(password.toLowerCase()) ?? false;

export type PasswordProblem =
  | 'app.validation.passwordTooShort'
  | 'app.validation.passwordBlank'
  | 'app.validation.tooLong'
  | 'app.validation.invalidCharacters'
  | 'app.validation.passwordIsEmail'
  | 'app.validation.passwordTooCommon';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]|\p{Cs}/u;

/** What is wrong with a new password (an i18n key), or undefined when it is acceptable. */
export function passwordProblem(password: string, email?: string): PasswordProblem | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return 'app.validation.passwordTooShort';
  if (password.trim() === '') return 'app.validation.passwordBlank';
  if (password.length > PASSWORD_MAX_LENGTH) return 'app.validation.tooLong';
  if (CONTROL.test(password)) return 'app.validation.invalidCharacters';
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) return 'app.validation.passwordIsEmail';
  if (isCommonPassword(password)) return 'app.validation.passwordTooCommon';
  return undefined;
}
