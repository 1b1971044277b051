/** Messages of the public pages: the kit order, admin-defined forms and their answers. */
export const PUBLIC_MESSAGES = {
  'app.public.orderSent': 'done',
  'app.public.answerSent': 'done',
  'app.public.kitsNumber': 'Please enter a whole number of kits, at least 1',
  'app.public.kitsTooMany': 'For more than 10000 kits, please write to us',
  'app.public.invalidPhone': 'Please enter a valid phone number',
  'app.public.challengeRequired': 'Please wait for the check that you are a person, then send',
  'app.public.tooManySends': 'Too many messages from this address. Please try again later',
  'app.public.formNotFound': 'This form is not open',
  'app.public.optionsRequired': 'A choice field needs at least one option',
  'app.public.duplicateName': 'Two fields or options have the same key',
  'app.public.numberTooSmall': 'The number is too small',
  'app.public.numberTooLarge': 'The number is too large',
} as const;
