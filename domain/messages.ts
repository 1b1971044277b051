/**
 * Message keys that both sides use (validation and API errors), with their
 * English text. The server answers with the key and this text; the console
 * shows the key in the user's language (src/i18n builds `en` from this map).
 */
export const MESSAGES = {
  'app.validation.required': 'This field is required',
  'app.validation.email': 'Please enter correct email',
  'app.validation.emailAddress': 'Please input correct email address',
  'app.validation.passwordTooShort': 'The password must have at least 8 characters',
  'app.validation.passwordsMismatch': 'The passwords do not match',
  'app.validation.emailsMismatch': 'The email addresses do not match',
  'app.validation.agreementRequired': 'You must accept the agreement',
  'app.validation.invalidChoice': 'Please choose one of the options',
  'app.validation.tooLong': 'This text is too long',
  'app.validation.futureDate': 'The date cannot be in the future',
  'app.validation.invalidDate': 'Please enter a valid date',
  'app.validation.invalidNumber': 'Please enter a valid number',
  'app.validation.nationalId': 'The national id must have 14 digits',
  'app.validation.fileTooLarge': 'The file must not exceed 20 MB',
  'app.validation.imageRequired': 'Please choose an image',
  'app.validation.invalidImage': 'The file must be a PNG, JPEG, GIF or WebP image',
  'app.validation.activityStatus': 'Please select an activity status.',
  'app.validation.assessAll': 'You have to assess all the test',
  'app.validation.invalidOrder': 'This list cannot be sorted by that field',
  'app.validation.invalid': 'Please check this field',
  'app.errors.badRequest': 'Please check the form: some fields are not valid',
  'app.errors.unauthenticated': 'Please log in',
  'app.errors.invalidCredentials': 'The email or password is not correct',
  'app.errors.accountInactive': 'This account is deactivated. Please contact to your Adminstrator',
  'app.errors.tooManyAttempts': 'Too many attempts. Please wait a few minutes and try again',
  'app.errors.forbidden': 'You are not allowed to do this',
  'app.errors.notFound': 'The page you are looking for does not exist.',
  'app.errors.emailTaken': 'This email address is already registered',
  'app.errors.roleNameTaken': 'A role with this name already exists',
  'app.errors.roleInUse': 'This role is given to users: take it from them first',
  'app.errors.currentPasswordWrong': 'The current password is not correct',
  'app.errors.resetTokenInvalid': 'This reset link is not valid or has expired',
  'app.errors.captchaWrong': 'The characters do not match the picture',
  'app.errors.notPendingTeacher': 'Only a teacher who is waiting for approval can be deleted',
  'app.errors.cannotDeleteSelf': 'You cannot delete your own account',
  'app.errors.payloadTooLarge': 'The file must not exceed 20 MB',
  'app.errors.internal': 'Internal Server Error',
  'app.auth.resetMailSent': 'We have sent you an email with a link to reset your password',
  'app.auth.passwordChanged': 'Your password has been changed',
  'app.auth.loggedOut': 'You have been logged out',
  'app.notify.saved': 'Saved',
  'app.notify.deleted': 'Deleted',
  'app.notify.photoUpdated': 'Profile picture updated successfully',
  'app.notify.childDeleted': 'Child deleted',
} as const;

export type MessageKey = keyof typeof MESSAGES;

export const messageText = (key: string): string => (MESSAGES as Record<string, string>)[key] ?? key;
