/** The portal's own app: its key and audience, seeded at first start and never deletable. */
export const PORTAL_APP_KEY = 'portal';
