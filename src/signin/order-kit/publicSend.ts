import { useState } from 'react';
import { useBusyRunner } from '../busy';
import { useSignInEnv } from '../env';

/**
 * Sending a public form (the kit order, a published form's answers): busy while it runs, a failure notified, the
 * server's field errors returned for the form, the challenge shown once the server asks for it (docs/api/challenge.md)
 * with a new one after each try, and on success a notification or the page's own answer (`onSent`), and a fresh,
 * empty form (a new `formKey`).
 */
export const usePublicSend = () => {
  const { notify } = useSignInEnv();
  const { busy, run } = useBusyRunner(notify);
  const [challengeNeeded, setChallengeNeeded] = useState(false);
  const [round, setRound] = useState(0);
  const [formKey, setFormKey] = useState(0);

  /** `onSent`: the page shows the answer itself (the kit order's confirmation) instead of the notification. */
  const send = async <T extends { key?: string; message?: string }>(
    action: () => Promise<T>,
    onSent?: (answer: T) => void,
  ) => {
    let succeeded = false;
    const errors = await run(async () => {
      const answer = await action();
      if (onSent) onSent(answer);
      else
        notify(answer.key ?? answer.message ?? 'app.public.orderSent', {
          type: 'success',
          messageArgs: { _: answer.message },
        });
      succeeded = true;
    });
    if (errors?.captcha) setChallengeNeeded(true);
    // a solution is good for one send, right or wrong: the next one needs a new challenge
    setRound((r) => r + 1);
    if (succeeded) setFormKey((k) => k + 1);
    return errors;
  };

  return { busy, send, challengeNeeded, round, formKey };
};
