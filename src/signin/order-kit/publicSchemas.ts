export type PublicSchemas = typeof import('../../../domain/schemas/public');

let loading: Promise<PublicSchemas> | undefined;

/**
 * The domain's schemas of the public forms (domain/schemas/public.ts: the kit order, a published form's answers), and
 * zod with them, loaded when a form first judges or sends (form.ts useLoadedSchemaForm): the same rules as the
 * server, but neither part of the kit order page's first download nor run on the phone's main thread as the page
 * opens (docs/PERFORMANCE.md "Phone").
 */
export const loadPublicSchemas = (): Promise<PublicSchemas> =>
  (loading ??= import('../../../domain/schemas/public').catch((error: unknown) => {
    loading = undefined; // try again next time
    throw error;
  }));
