/** What a trip to SWCombine's authorize page is for (a player signing in, a player's consents, an admin's binding); the callback dispatches on it. */
export type AttemptPurpose = 'sign_in' | 'swc_consent' | 'swc_binding';
