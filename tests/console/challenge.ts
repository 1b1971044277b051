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
        // the widget sets a timer for the expiry that outlives the test file; in a worker that runs 10 more minutes
        // it would fire into the next file's torn-down jsdom ("dispatchEvent: parameter 1 is not of type 'Event'")
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

/** Loads the widget as the console does, then gives it the in-process worker; jsdom counts as a secure context. */
export const useInProcessSolver = async () => {
  vi.stubGlobal('isSecureContext', true);
  await import('../../src/components/challengeWidget');
  globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new InProcessWorker() as unknown as Worker);
};
