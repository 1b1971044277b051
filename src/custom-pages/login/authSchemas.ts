import type { z } from 'zod';
import { type FormErrors, type MatchRule, zodErrors, zodValidateWithMatches } from '../../validation/zodValidate';

type AuthSchemas = typeof import('../../../domain/schemas/auth');

let loading: Promise<AuthSchemas> | undefined;

/**
 * The domain's sign-in schemas (domain/schemas/auth.ts), and zod with them,
 * loaded when a form first validates or submits: the same rules as the
 * server, but not part of the public pages' first download.
 */
export const loadAuthSchemas = (): Promise<AuthSchemas> =>
  (loading ??= import('../../../domain/schemas/auth').catch((error: unknown) => {
    loading = undefined; // try again next time
    throw error;
  }));

/** zodValidate (validation/zodValidate.ts) over a schema loaded on demand. */
export const lazyZodValidate =
  (pick: (schemas: AuthSchemas) => z.ZodType) =>
  async (values: unknown): Promise<FormErrors> =>
    zodErrors(pick(await loadAuthSchemas()), values);

/** zodValidateWithMatches (validation/zodValidate.ts) over a schema loaded on demand. */
export const lazyZodValidateWithMatches =
  (pick: (schemas: AuthSchemas) => z.ZodType, rules: readonly MatchRule[]) =>
  async (values: unknown): Promise<FormErrors> =>
    zodValidateWithMatches(pick(await loadAuthSchemas()), rules)(values);
