import { adminDiscord, type DiscordConnection, type DiscordConnectionInput } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getDiscordConnection(signal?: AbortSignal): Promise<DiscordConnection> {
  return callEndpoint(adminDiscord.get, { signal });
}

export function useDiscordConnection() {
  return useQuery({ queryKey: queryKeys.discord.connection, queryFn: ({ signal }) => getDiscordConnection(signal) });
}

/** Saves the connection; the answer carries the status read afresh. */
export function useSaveDiscordConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscordConnectionInput) => callEndpoint(adminDiscord.put, { body }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(queryKeys.discord.connection, answer);
      await queryClient.invalidateQueries({ queryKey: queryKeys.discord.roles });
    },
  });
}

export function useDisconnectDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(adminDiscord.remove, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.discord.all }),
  });
}
