/**
 * RFC 8176 authentication method references for one passkey use: `hwk` for a key bound to one
 * device (a security key), `swk` for one a password manager syncs; `user` when the authenticator
 * verified the person (PIN, fingerprint, face).
 */
export function passkeyAmr(deviceType: 'singleDevice' | 'multiDevice', userVerified: boolean): string[] {
  return [deviceType === 'singleDevice' ? 'hwk' : 'swk', ...(userVerified ? ['user'] : [])];
}
