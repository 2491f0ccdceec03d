/** A global admin is named in ADMIN_UIDS or holds the central role `admin` on the portal app. */
export function isGlobalAdmin(uid: string, portalRoles: readonly string[], bootstrapAdmins: readonly string[]): boolean {
  return bootstrapAdmins.includes(uid) || portalRoles.includes('admin');
}
