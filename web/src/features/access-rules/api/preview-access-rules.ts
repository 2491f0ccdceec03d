import { adminApps, type AccessRulesInput, type AccessRulesPreview } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

/** Who these rules would admit that the saved ones do not, and who they would stop admitting; nothing is saved. */
export function previewAccessRules({ appId, body }: { appId: string; body: AccessRulesInput }): Promise<AccessRulesPreview> {
  return callEndpoint(adminApps.previewAccessRules, { params: { id: appId }, body });
}

export function usePreviewAccessRules() {
  return useMutation({ mutationFn: previewAccessRules });
}
