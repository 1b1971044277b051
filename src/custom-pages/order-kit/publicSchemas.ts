import type { z } from 'zod';
import { type FormErrors, zodErrors } from '../../validation/zodValidate';

export type PublicSchemas = typeof import('../../../domain/schemas/public');

let loading: Promise<PublicSchemas> | undefined;

/**
 * The domain's schemas of the public forms (domain/schemas/public.ts: the kit order, a published form's answers), and
 * zod with them, loaded when a form first judges or sends: the same rules as the server, but neither part of the kit
 * order page's first download nor run on the phone's main thread as the page opens (docs/PERFORMANCE.md "Phone").
 */
export const loadPublicSchemas = (): Promise<PublicSchemas> =>
  (loading ??= import('../../../domain/schemas/public').catch((error: unknown) => {
    loading = undefined; // try again next time
    throw error;
  }));

/** A react-admin form's `validate` (validation/zodValidate.ts zodErrors) over a schema loaded on demand. */
export const lazyPublicValidate =
  (pick: (schemas: PublicSchemas) => z.ZodType) =>
  async (values: unknown): Promise<FormErrors> =>
    zodErrors(pick(await loadPublicSchemas()), values);
