import { Alert, Box, FormHelperText, Stack } from '@mui/material';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { WidgetMethods } from 'altcha/types';
import type {} from 'altcha/types/react';
import { API_BASE } from '../http';
import { VISUALLY_HIDDEN } from './visuallyHidden';

type WidgetState = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';

/** The widget's texts (ALTCHA's `Strings`) from our messages, app.challenge.*. */
const WIDGET_TEXTS = {
  label: 'app.challenge.label',
  verifying: 'app.challenge.verifying',
  verified: 'app.challenge.verified',
  error: 'app.challenge.error',
  expired: 'app.challenge.expired',
  verificationRequired: 'app.challenge.required',
  waitAlert: 'app.challenge.wait',
  loading: 'app.challenge.loading',
} as const;

/** What the live region says for each state, for those who do not see the box tick itself. */
const ANNOUNCED: Partial<Record<WidgetState, string>> = {
  verifying: 'app.challenge.verifying',
  verified: 'app.challenge.verified',
  error: 'app.challenge.error',
  expired: 'app.challenge.expired',
};

/** The widget's own options (not its texts): no logo or link to its makers, no pointer tracking. */
const WIDGET_OPTIONS = JSON.stringify({
  hideLogo: true,
  hideFooter: true,
  humanInteractionSignature: false,
  minDuration: 300,
});

const loadWidget = () => import('./challengeWidget');

/**
 * The proof-of-work challenge (ALTCHA) the server asks for after many failed
 * sign-ins to an account, after repeated sends of a public form from one
 * address, and at sign-up when the setting says so (docs/api/challenge.md).
 * Nothing to read or type: the browser fetches a challenge from our API and
 * solves it in the background as soon as the box appears (a second or so);
 * the box ticks itself, and the solution goes into the form's `captcha` field.
 * The box is a real checkbox with a label, so it can be ticked again from the
 * keyboard after an error. A solution answers once: give the component a new
 * `round` after each try, and it solves a new challenge. `hint`: a message key
 * shown above it. No react-admin here: the light sign-in page (src/signin/) uses it as it is, react-admin's forms
 * through ChallengeInput.tsx.
 */
export const ChallengeWidget = ({
  round,
  hint,
  locale,
  translate,
  onChange: onSolution,
  error,
}: {
  round: number;
  hint?: string;
  /** the page's language: the widget speaks it (right-to-left for Arabic) */
  locale: string;
  translate: (key: string) => string;
  /** the solution once solved, '' meanwhile */
  onChange: (solution: string) => void;
  /** the message key of the field's error */
  error?: string;
}) => {
  const [widget, setWidget] = useState<Awaited<ReturnType<typeof loadWidget>> | null>(null);
  const [state, setState] = useState<WidgetState>('unverified');
  const element = useRef<HTMLElement & Partial<WidgetMethods>>(null);
  const onChange = useRef(onSolution);
  onChange.current = onSolution;

  const strings = useMemo(
    () => Object.fromEntries(Object.entries(WIDGET_TEXTS).map(([name, key]) => [name, translate(key)])),
    [translate],
  );

  useEffect(() => {
    let live = true;
    void loadWidget().then((loaded) => live && setWidget(loaded));
    return () => {
      live = false;
    };
  }, []);

  // our texts, under the language the widget is told to speak (it turns right-to-left for Arabic)
  useLayoutEffect(() => {
    widget?.setWidgetStrings(locale, strings);
  }, [widget, locale, strings]);

  // each round is a new widget, which fetches and solves a new challenge at once
  useEffect(() => {
    const el = element.current;
    if (!widget || !el) return;
    onChange.current('');
    setState('unverified');
    const listener = (event: Event) => {
      const { state: next, payload } = (event as CustomEvent<{ state: WidgetState; payload?: string }>).detail;
      setState(next);
      onChange.current(next === 'verified' && payload ? payload : '');
    };
    el.addEventListener('statechange', listener);
    return () => el.removeEventListener('statechange', listener);
  }, [widget, round]);

  const announced = ANNOUNCED[state];
  return (
    <Stack spacing={1} sx={{ mt: 1 }} data-challenge>
      {hint ? <Alert severity="info">{translate(hint)}</Alert> : null}
      <Box sx={{ minHeight: 58, '& altcha-widget': { display: 'block' } }}>
        {widget ? (
          <Box key={round}>
            <altcha-widget
              ref={element}
              challenge={`${API_BASE}/captcha`}
              auto="onload"
              language={locale}
              name="captcha"
              configuration={WIDGET_OPTIONS}
            />
          </Box>
        ) : null}
      </Box>
      <Box role="status" sx={VISUALLY_HIDDEN}>
        {announced ? translate(announced) : ''}
      </Box>
      {error ? (
        <FormHelperText error role="alert">
          {translate(error)}
        </FormHelperText>
      ) : null}
    </Stack>
  );
};
