import { z } from 'zod';

/** GET/POST /api/swc/auth-token: the user's automation-token switch. */
export const AutomationToken = z.object({ enabled: z.boolean() });
export type AutomationToken = z.infer<typeof AutomationToken>;
