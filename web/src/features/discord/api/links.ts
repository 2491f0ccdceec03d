import { adminDiscord, meDiscord } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { authServiceUrl } from '@/lib/auth-urls.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Where Link Discord sends the browser: the auth service sends it on to Discord. */
export const linkDiscordUrl = () => authServiceUrl('/auth/discord/link');

export function useMyDiscord() {
  return useQuery({ queryKey: queryKeys.myDiscord, queryFn: ({ signal }) => callEndpoint(meDiscord.get, { signal }) });
}

export function useUnlinkMyDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(meDiscord.unlink, {}),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.myDiscord }),
        queryClient.invalidateQueries({ queryKey: queryKeys.account.all }),
      ]),
  });
}

export function useUserDiscord(userId: string) {
  return useQuery({
    queryKey: queryKeys.discord.userLink(userId),
    queryFn: ({ signal }) => callEndpoint(adminDiscord.userLink, { params: { id: userId }, signal }),
  });
}

export function useUnlinkUserDiscord(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(adminDiscord.unlinkUser, { params: { id: userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.detail(userId) }),
  });
}
