import { z } from 'zod';

export const logOut = z.object({
  id: z.number(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  created_at: z.string(),
});
export const settingOut = z.object({ id: z.number(), key: z.string(), value: z.unknown() });
