/** Discord's permission bits that the simulated endpoints check (a role's `permissions` is their decimal sum). */
export const Permission = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  KICK_MEMBERS: 1n << 1n,
  ADMINISTRATOR: 1n << 3n,
  MANAGE_NICKNAMES: 1n << 27n,
  MANAGE_ROLES: 1n << 28n,
} as const;

export type PermissionName = keyof typeof Permission;

/** The bitfield of several roles' `permissions` strings; ADMINISTRATOR grants every bit. */
export function combined(permissions: readonly string[]): bigint {
  const bits = permissions.reduce((acc, p) => acc | BigInt(p), 0n);
  return bits & Permission.ADMINISTRATOR ? ~0n : bits;
}

export function has(bits: bigint, name: PermissionName): boolean {
  return (bits & Permission[name]) !== 0n;
}

/** A decimal permission string Discord would accept: a non-negative integer below 2^64. */
export function isPermissionString(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,20}$/.test(value) && BigInt(value) < 1n << 64n;
}
