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
});
export type CurrentUser = z.infer<typeof CurrentUser>;
