/**
 * Who works on a group's members: an admin (/api/admin/groups/…) or a player who manages the group
 * (/api/manage/groups/…, which reaches only the groups they manage). The calls and answers are the same.
 */
export type GroupScope = 'admin' | 'manage';
