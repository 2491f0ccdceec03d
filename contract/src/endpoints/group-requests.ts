import { z } from 'zod';
import { AddedMembers, AddMembersInput, GroupManager, GroupMember, GroupMemberQuery, SetManagersInput } from '../groups.ts';
import {
  ApproveRequestInput,
  DenyRequestInput,
  GroupRequestInput,
  GroupRequestOutcome,
  ManagedGroup,
  MyGroups,
  PendingRequest,
  RequestAnswer,
} from '../group-requests.ts';
import { defineEndpoint } from '../endpoint.ts';

const GroupParams = z.object({ id: z.uuid('id must be a group id (a UUID)') });
const MemberParams = GroupParams.extend({ userId: z.uuid('userId must be a user id (a UUID)') });
const RequestParams = z.object({ id: z.uuid('id must be a request id (a UUID)') });

/** The signed-in player's groups: those they are in, may join or ask to join, and their requests. */
export const myGroups = {
  list: defineEndpoint({ method: 'GET', path: '/api/me/groups', status: 200, answer: MyGroups, errors: [401] }),
  leave: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/groups/:id',
    params: GroupParams,
    status: 204,
    answer: z.null(),
    errors: [400, 401, 404, 409],
  }),
  ask: defineEndpoint({
    method: 'POST',
    path: '/api/me/group-requests',
    body: GroupRequestInput,
    status: 201,
    answer: GroupRequestOutcome,
    errors: [400, 401, 403, 404, 409, 429],
  }),
  withdraw: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/group-requests/:id',
    params: RequestParams,
    status: 204,
    answer: z.null(),
    errors: [400, 401, 404, 409],
  }),
};

const manageErrors = [400, 401, 403, 404, 409] as const;

/**
 * A group manager's calls (a player who manages at least one group, else 403): each reaches only the groups the
 * caller manages; another group, or a request to one, is a 404 as one that does not exist.
 */
export const manageGroups = {
  groups: defineEndpoint({ method: 'GET', path: '/api/manage/groups', status: 200, answer: z.array(ManagedGroup), errors: [401, 403] }),
  members: defineEndpoint({
    method: 'GET',
    path: '/api/manage/groups/:id/members',
    params: GroupParams,
    query: GroupMemberQuery,
    status: 200,
    answer: z.array(GroupMember),
    errors: manageErrors,
  }),
  addMembers: defineEndpoint({
    method: 'POST',
    path: '/api/manage/groups/:id/members',
    params: GroupParams,
    body: AddMembersInput,
    status: 200,
    answer: AddedMembers,
    errors: manageErrors,
  }),
  removeMember: defineEndpoint({
    method: 'DELETE',
    path: '/api/manage/groups/:id/members/:userId',
    params: MemberParams,
    status: 204,
    answer: z.null(),
    errors: manageErrors,
  }),
  requests: defineEndpoint({
    method: 'GET',
    path: '/api/manage/requests',
    status: 200,
    answer: z.array(PendingRequest),
    errors: [401, 403],
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/manage/requests/:id/approve',
    params: RequestParams,
    body: ApproveRequestInput,
    status: 200,
    answer: RequestAnswer,
    errors: manageErrors,
  }),
  deny: defineEndpoint({
    method: 'POST',
    path: '/api/manage/requests/:id/deny',
    params: RequestParams,
    body: DenyRequestInput,
    status: 200,
    answer: RequestAnswer,
    errors: manageErrors,
  }),
};

const adminErrors = [400, 401, 403, 404, 409] as const;

/** An admin's side of the same: who manages a group, and its requests (admins answer any group's). */
export const adminGroupManagers = {
  managers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/groups/:id/managers',
    params: GroupParams,
    status: 200,
    answer: z.array(GroupManager),
    errors: adminErrors,
  }),
  setManagers: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/groups/:id/managers',
    params: GroupParams,
    body: SetManagersInput,
    status: 200,
    answer: z.array(GroupManager),
    errors: adminErrors,
  }),
  requests: defineEndpoint({
    method: 'GET',
    path: '/api/admin/groups/:id/requests',
    params: GroupParams,
    status: 200,
    answer: z.array(PendingRequest),
    errors: adminErrors,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/admin/group-requests/:id/approve',
    params: RequestParams,
    body: ApproveRequestInput,
    status: 200,
    answer: RequestAnswer,
    errors: adminErrors,
  }),
  deny: defineEndpoint({
    method: 'POST',
    path: '/api/admin/group-requests/:id/deny',
    params: RequestParams,
    body: DenyRequestInput,
    status: 200,
    answer: RequestAnswer,
    errors: adminErrors,
  }),
};
