/** SPEC.md §6: an admin holds `admin` in the roles list or as the single role field. */
export function isAdmin(user: { role?: string | null; roles?: readonly string[] | null }): boolean {
  return user.role === 'admin' || (user.roles ?? []).includes('admin');
}
