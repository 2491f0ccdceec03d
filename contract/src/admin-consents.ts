import { z } from 'zod';
import { singleLineText } from './text.ts';

export const ConsentQuery = z.object({
  userId: z.uuid('userId must be a user id'),
  appId: z.uuid('appId must be an app id'),
});

/** Central consent scopes and central roles a user holds for an app. */
export const ConsentData = z.object({ scp: z.array(z.string()), roles: z.array(z.string()) });
export type ConsentData = z.infer<typeof ConsentData>;

export const GrantInput = z.object({
  userId: z.uuid('userId must be a user id'),
  appId: z.uuid('appId must be an app id'),
  value: singleLineText('value', { min: 1, max: 200 }).regex(/^\S+$/, 'value must not contain spaces'),
});
export type GrantInput = z.infer<typeof GrantInput>;

/** Scope and role inputs are trimmed; empty ones are ignored. */
export const cleanGrantValue = (value: string): string | null => value.trim() || null;
