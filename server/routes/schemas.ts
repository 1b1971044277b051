import { z } from 'zod';

/**
 * The response schemas every area shares: a message, an error, the id parameter and the errors of a signed-in call.
 * Each area's own shapes live beside its inputs in domain/schemas/<area>.ts. Response schemas are the output allow-list
 * (docs/ARCHITECTURE.md §3 "The answer"): no other field leaves the server.
 */
export const messageOut = z.object({ message: z.string(), key: z.string().optional() });
export const errorOut = z.object({
  message: z.string(),
  key: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

export const idParams = z.object({
  id: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().positive().max(2_147_483_647),
});

/** Error responses every signed-in route may give. */
export const authErrors = { 400: errorOut, 401: errorOut, 403: errorOut, 404: errorOut };

/** A download name: the text as it is (filename*) and a plain fallback. */
export const attachment = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
