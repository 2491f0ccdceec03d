import { z } from 'zod';

/** What kind of device a user agent names. */
export const DeviceKind = z.enum(['desktop', 'phone', 'tablet', 'unknown']);
export type DeviceKind = z.infer<typeof DeviceKind>;
