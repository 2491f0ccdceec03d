/**
 * The authentication methods (OpenID Connect `amr`) a portal session shows: `swc` for a SWCombine
 * sign-in (a value of the portal's own), the passkey's RFC 8176 values (`hwk` or `swk`, and `user`
 * when verified), and `mfa` first when both happened in the session.
 */
export function sessionAmr(session: { swc_signed_in_at: Date | null; passkey_used_at: Date | null; passkey_amr: string[] }): string[] {
  const swc = session.swc_signed_in_at ? ['swc'] : [];
  const passkey = session.passkey_used_at ? session.passkey_amr : [];
  return swc.length && passkey.length ? ['mfa', ...swc, ...passkey] : [...swc, ...passkey];
}

/** The id_token's `acr`: `passkey` once a passkey was used in the session (what acr_values=passkey asks for); none before. */
export function sessionAcr(session: { passkey_used_at: Date | null }): string | undefined {
  return session.passkey_used_at ? 'passkey' : undefined;
}
