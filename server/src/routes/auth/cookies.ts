/** Binds the OAuth `state` to the browser that started the sign-in. */
export const STATE_COOKIE = 'portal_login_state';
