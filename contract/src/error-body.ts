import { z } from 'zod';

// Apart from the error codes (error.ts): the web app's entry reads those without loading the schema library.
/** The one shape of every non-2xx answer. */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  /** A refusal the caller can act on (`passkey_required`: confirm it's you with a passkey). */
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
