import { adminGroups, type Group, type GroupInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { refreshGroups } from './list-groups.ts';

/** 409 when another group has the name. */
export function createGroup(input: GroupInput): Promise<Group> {
  return callEndpoint(adminGroups.create, { body: input });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createGroup, onSuccess: () => refreshGroups(queryClient) });
}
