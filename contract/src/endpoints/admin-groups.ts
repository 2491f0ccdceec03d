import { z } from 'zod';
import {
  AddedMembers,
  AddMembersInput,
  FactionList,
  Group,
  GroupInput,
  GroupList,
  GroupMember,
  GroupMemberQuery,
  GroupShownToApps,
  RosterRefresh,
  UserGroup,
} from '../groups.ts';
import { defineEndpoint } from '../endpoint.ts';
import { singleLineText } from '../text.ts';

const GroupParams = z.object({ id: z.uuid('id must be a group id (a UUID)') });
const MemberParams = GroupParams.extend({ userId: z.uuid('userId must be a user id (a UUID)') });
const UserParams = z.object({ id: z.uuid('id must be a user id (a UUID)') });
const FactionParams = z.object({
  factionUid: singleLineText('factionUid', { min: 1, max: 20 }).regex(
    /^20:\d{1,12}$/,
    'factionUid must be a SWCombine faction UID such as 20:2400',
  ),
});
const errors = [400, 401, 403, 404, 409] as const;

/** Groups an admin keeps and the factions the game keeps (admins). */
export const adminGroups = {
  list: defineEndpoint({ method: 'GET', path: '/api/admin/groups', status: 200, answer: GroupList, errors }),
  create: defineEndpoint({ method: 'POST', path: '/api/admin/groups', body: GroupInput, status: 201, answer: Group, errors }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/groups/:id',
    params: GroupParams,
    body: GroupInput,
    status: 200,
    answer: Group,
    errors,
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/api/admin/groups/:id', params: GroupParams, status: 204, answer: z.null(), errors }),
  showToApps: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/groups/:id/shown-to-apps',
    params: GroupParams,
    body: GroupShownToApps,
    status: 200,
    answer: Group,
    errors,
  }),
  members: defineEndpoint({
    method: 'GET',
    path: '/api/admin/groups/:id/members',
    params: GroupParams,
    query: GroupMemberQuery,
    status: 200,
    answer: z.array(GroupMember),
    errors,
  }),
  addMembers: defineEndpoint({
    method: 'POST',
    path: '/api/admin/groups/:id/members',
    params: GroupParams,
    body: AddMembersInput,
    status: 200,
    answer: AddedMembers,
    errors,
  }),
  removeMember: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/groups/:id/members/:userId',
    params: MemberParams,
    status: 204,
    answer: z.null(),
    errors,
  }),
  factionList: defineEndpoint({ method: 'GET', path: '/api/admin/groups/factions', status: 200, answer: FactionList, errors }),
  factionGroup: defineEndpoint({
    method: 'POST',
    path: '/api/admin/groups/factions/:factionUid',
    params: FactionParams,
    status: 200,
    answer: Group,
    errors,
  }),
  refreshRosters: defineEndpoint({ method: 'POST', path: '/api/admin/groups/refresh', status: 202, answer: RosterRefresh, errors }),
  userGroups: defineEndpoint({
    method: 'GET',
    path: '/api/admin/users/:id/groups',
    params: UserParams,
    status: 200,
    answer: z.array(UserGroup),
    errors,
  }),
};
