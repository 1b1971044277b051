import { useInput, useLocaleState, useTranslate } from 'react-admin';
import { ChallengeWidget } from './ChallengeWidget';

/**
 * The challenge (ChallengeWidget.tsx) as a react-admin input: its solution is the form's `captcha` field, and a
 * field error on `captcha` shows under the box. A solution answers once: give it a new `round` after each try.
 * `hint`: a message key shown above it.
 */
export const ChallengeInput = ({ round, hint }: { round: number; hint?: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { field, fieldState } = useInput({ source: 'captcha', defaultValue: '' });
  return (
    <ChallengeWidget
      round={round}
      hint={hint}
      locale={locale}
      translate={translate}
      onChange={field.onChange}
      error={fieldState.error?.message}
    />
  );
};
