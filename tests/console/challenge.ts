import { createChallenge, solveChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * The proof-of-work challenge in console tests, with the real ALTCHA code on
 * both sides: the API's part (altcha-lib: sign a challenge, verify a
 * solution once) and the widget's worker (altcha-lib's solver, run in the
 * test's process, since jsdom has no Worker). Only the transport is a stand-in.
 */
const SECRET = 'console-test-signature-secret';
const KEY_SECRET = 'console-test-key-signature-secret';

export const challengeServer = () => {
  const used = new Set<string>();
  return {
    /** GET /api/captcha: a signed challenge with a small number to find. */
    issue: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 100,
        counter: 20 + Math.floor(Math.random() * 30),
        deriveKey,
        // a day, so the widget's expiry timer never fires within a run
        expiresAt: new Date(Date.now() + 24 * 60 * 60_000),
        hmacSignatureSecret: SECRET,
        hmacKeySignatureSecret: KEY_SECRET,
      }),
    /** A solution as the API checks it: signed by us, solved, not used before. */
    verify: async (payload: unknown) => {
      if (typeof payload !== 'string' || !payload) return false;
      const { challenge, solution } = JSON.parse(atob(payload)) as { challenge: Challenge; solution: never };
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: SECRET,
        hmacKeySignatureSecret: KEY_SECRET,
      });
      if (!result.verified || used.has(challenge.signature!)) return false;
      used.add(challenge.signature!);
      return true;
    },
  };
};

interface WorkMessage {
  type: 'work' | 'abort';
  challenge: Challenge;
  counterStart: number;
  counterStep: number;
}

/**
 * Widgets mounted in this file. A widget sends its events (statechange, verified…) when its verification ends,
 * after the solve and the 300 ms minimum it waits, even if it was unmounted meanwhile; an event sent after the
 * file's jsdom is torn down is a Node event dispatched into it ("dispatchEvent: parameter 1 is not of type
 * 'Event'", an unhandled rejection charged to the file). So each test waits for its widgets to finish.
 */
const widgetStates = new Map<EventTarget, string>();

/** Follows a widget's state through its events (an unmounted widget answers no calls but still sends them). */
const follow = (widget: HTMLElement) => {
  widgetStates.set(widget, 'unverified');
  widget.addEventListener('statechange', (event) => {
    widgetStates.set(widget, (event as CustomEvent<{ state: string }>).detail.state);
  });
};

const waitForWidgets = async () => {
  const deadline = Date.now() + 20_000;
  const busy = () => [...widgetStates.values()].includes('verifying');
  while (busy()) {
    if (Date.now() > deadline) throw new Error('an ALTCHA widget was still verifying 20 s after its test');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // its last event is sent a microtask after the state changes
  await new Promise((resolve) => setTimeout(resolve, 0));
  widgetStates.clear();
};

/** Speaks the widget's worker protocol (altcha/workers/pbkdf2), solving with altcha-lib in this process. */
class InProcessWorker {
  private listeners: Record<string, ((event: { data: unknown }) => void)[]> = { message: [], error: [] };
  private controller = new AbortController();

  addEventListener(type: string, listener: (event: { data: unknown }) => void) {
    (this.listeners[type] ??= []).push(listener);
  }

  removeEventListener() {}

  postMessage(message: WorkMessage) {
    if (message.type === 'abort') {
      this.controller.abort();
      return;
    }
    void solveChallenge({
      challenge: message.challenge,
      deriveKey,
      counterStart: message.counterStart,
      counterStep: message.counterStep,
      controller: this.controller,
    }).then((solution) => {
      if (solution) for (const listener of this.listeners.message) listener({ data: solution });
    });
  }

  terminate() {
    this.controller.abort();
  }
}

/**
 * Loads the widget as the console does, then gives it the in-process worker; jsdom counts as a secure context.
 * Call it inside a test: when the test is over (after the page is unmounted) its widgets are waited for.
 */
export const useInProcessSolver = async () => {
  vi.stubGlobal('isSecureContext', true);
  await import('../../src/components/challengeWidget');
  const instances = globalThis.$altcha.instances;
  const add = instances.add.bind(instances);
  instances.add = (widget) => {
    follow(widget);
    return add(widget);
  };
  onTestFinished(waitForWidgets);
  globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new InProcessWorker() as unknown as Worker);
};
