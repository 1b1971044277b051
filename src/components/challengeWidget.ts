/**
 * The ALTCHA widget (the `altcha` package), loaded only when a form needs the
 * challenge (src/components/ChallengeInput.tsx). Built for our content
 * security policy (script-src 'self', server/app.ts): the "external" build
 * injects no inline script and no blob: worker; its stylesheet is bundled
 * like ours, and the proof-of-work worker is a file of its own, served from
 * our origin. Nothing is fetched from anyone else: the challenge comes from
 * our API (GET /api/captcha) and the widget's logo and footer link are off.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';

/** The algorithm of our challenges (domain/challenge.ts CHALLENGE_ALGORITHM). */
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

/** The widget's texts for a language: ours over the widget's English ones (for the parts we never show). */
export const setWidgetStrings = (language: string, strings: Record<string, string>) => {
  globalThis.$altcha.i18n.set(language, { ...globalThis.$altcha.i18n.get('en'), ...strings });
};
