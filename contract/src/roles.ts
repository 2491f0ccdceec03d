/** Central roles with a meaning to the product; any other role string is the app's own. */
export const Role = { Admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** An admin holds `admin` in the roles list or as the single role field. */
export function isAdmin(user: { role?: string | null; roles?: readonly string[] | null }): boolean {
  return user.role === Role.Admin || (user.roles ?? []).includes(Role.Admin);
}
