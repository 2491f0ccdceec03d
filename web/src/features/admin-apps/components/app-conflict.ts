import { ErrorCode } from '@portal/contract';
import { ApiError } from '@/lib/api-error.ts';

/** The form field a refused save names, when another app already holds its value (a 409), with the server's words. */
export function conflictingField(error: unknown): { field: 'key' | 'audience'; message: string } | null {
  if (!(error instanceof ApiError) || error.error !== ErrorCode.Conflict) return null;
  if (error.message.includes('the key')) return { field: 'key', message: error.message };
  if (error.message.includes('the audience')) return { field: 'audience', message: error.message };
  return null;
}
