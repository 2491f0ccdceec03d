import { isServerErrorCode } from '@portal/contract';
import { ApiError } from '@/lib/api-error.ts';

const TRIGGER_FALLBACK = 'Failed to trigger sync';

/** What a failed trigger shows first: the server's `error` field, else the error's message, else the fallback. */
export function triggerErrorText(error: unknown): string {
  if (error instanceof ApiError && isServerErrorCode(error.error)) return error.error;
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  return TRIGGER_FALLBACK;
}
