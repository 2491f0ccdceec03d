import { adminApps, type AccessRulesPreview, type AccessRulesPreviewInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';

/** Who these rules would admit that the saved ones do not, and who they would stop admitting; nothing is saved. */
export function previewAccessRules({ appId, body }: { appId: string; body: AccessRulesPreviewInput }): Promise<AccessRulesPreview> {
  return callEndpoint(adminApps.previewAccessRules, { params: { id: appId }, body });
}

export function usePreviewAccessRules() {
  return useMutation({ mutationFn: previewAccessRules });
}
