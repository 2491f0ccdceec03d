import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em) tables become stacked cards. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** Read at once (this is a client-only app), so a phone never renders the table first. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
