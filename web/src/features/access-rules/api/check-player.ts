import { adminApps, type PlayerCheck } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

/** Whether the players a name or UID finds may open the app now, and why: the one access rule decides. */
export function checkPlayer({ appId, player }: { appId: string; player: string }): Promise<PlayerCheck> {
  return callEndpoint(adminApps.checkPlayer, { params: { id: appId }, query: { player } });
}

export function useCheckPlayer() {
  return useMutation({ mutationFn: checkPlayer });
}
