/** Every id the protocol library makes is printable ASCII; anything else (from a cookie, a token, a request) names nothing. */
export const isStorableId = (id: unknown): id is string => typeof id === 'string' && /^[\x21-\x7e]{1,8192}$/.test(id);
