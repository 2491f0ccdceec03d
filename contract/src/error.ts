import { z } from 'zod';

/** The one shape of every non-2xx answer (ARCHITECTURE.md). */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
