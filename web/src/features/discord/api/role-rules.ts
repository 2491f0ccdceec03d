import { adminDiscord, adminGroups, type DiscordRoleRules } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The server's roles, top first; only asked for once a server is connected. */
export function useDiscordRoles(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.discord.roles, queryFn: ({ signal }) => callEndpoint(adminDiscord.roles, { signal }), enabled });
}

export function useRoleRules() {
  return useQuery({ queryKey: queryKeys.discord.roleRules, queryFn: ({ signal }) => callEndpoint(adminDiscord.roleRules, { signal }) });
}

/** Which linked players would gain and lose roles; changes nothing. */
export function usePreviewRoleRules() {
  return useMutation({ mutationFn: (body: DiscordRoleRules) => callEndpoint(adminDiscord.previewRoleRules, { body }) });
}

export function useSaveRoleRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscordRoleRules) => callEndpoint(adminDiscord.setRoleRules, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.discord.all }),
  });
}

/** The groups and factions a rule may name (the same list and key as the Groups screen). */
export function useGroupChoices() {
  return useQuery({ queryKey: queryKeys.groups.list, queryFn: ({ signal }) => callEndpoint(adminGroups.list, { signal }) });
}
