import { z } from 'zod';

export const CurrentUser = z.object({
  id: z.string(),
  uid: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  race: z.string().nullable(),
  faction: z.string().nullable(),
  role: z.string(),
  roles: z.array(z.string()),
  email: z.string().nullable(),
  /** How many groups the player manages: the user menu offers Manage when any. */
  manages_groups: z.number().int().min(0),
});
export type CurrentUser = z.infer<typeof CurrentUser>;
